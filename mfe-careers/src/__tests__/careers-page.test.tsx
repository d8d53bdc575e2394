import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { JobOpening } from '@metrology/shared';
import CareersPage from '../pages/careers-page';
import { renderSection, startSectionApi, type FakeApi } from '@metrology/test-kit';

export const OPENINGS: JobOpening[] = [
  {
    _id: 'o1',
    title: 'Sales Engineer',
    location: 'Chennai',
    qualification: 'B.E. Mechanical',
    description: 'Grow our instrument business.',
    responsibilities: ['Visit customers', 'Prepare offers'],
    requirements: ['2-5 years of sales', 'GD&T'],
  },
  {
    _id: 'o2',
    title: 'Calibration Engineer',
    location: 'Bangalore',
    qualification: 'M.Sc. Physics',
    description: 'Calibrate dimensional instruments.',
    responsibilities: ['Calibrate calipers'],
    requirements: ['ISO/IEC 17025'],
  },
];

let api: FakeApi;
/** What the careers call answers next; each answer is used once, then the last one repeats. */
let answers: { status: number; body: unknown; delayMs?: number }[] = [];
let calls = 0;

beforeAll(async () => {
  api = await startSectionApi();
  api.override('GET /api/dashboard/careers', () => {
    calls += 1;
    const answer = answers.length > 1 ? answers.shift() : answers[0];
    // Status 0: the connection closes without an answer.
    if (!answer || answer.status === 0) return { destroy: true };
    return { status: answer.status, body: answer.body, delayMs: answer.delayMs };
  });
});
afterAll(() => api.close());
beforeEach(() => {
  calls = 0;
});

describe('careers page states', () => {
  it('shows a spinner while loading, then the openings', async () => {
    answers = [{ status: 200, body: { success: true, data: OPENINGS }, delayMs: 150 }];
    renderSection(<CareersPage />, { path: '/careers' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading job openings');
    expect(await screen.findByRole('button', { name: 'Sales Engineer' })).toBeInTheDocument();
    expect(screen.queryByText('Loading job openings')).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Apply Now' })).toHaveLength(2);
  });

  it("shows the server's message inline with Try Again and an Error toast, and Try Again loads the list", async () => {
    const user = userEvent.setup();
    answers = [
      { status: 503, body: { success: false, message: 'Careers are being updated' } },
      { status: 200, body: { success: true, data: OPENINGS }, delayMs: 100 },
    ];
    renderSection(<CareersPage />, { path: '/careers' });
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Error')).toBeInTheDocument();
    expect(within(toast).getByText('Careers are being updated')).toBeInTheDocument();
    expect(screen.getAllByText('Careers are being updated')).toHaveLength(2);
    expect(screen.queryByRole('list', { name: 'Job openings' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Loading job openings');
    expect(await screen.findByRole('button', { name: 'Calibration Engineer' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it("falls back to 'Failed to fetch jobs' when no answer comes back, and shows the toast again on each failure", async () => {
    const user = userEvent.setup();
    answers = [{ status: 0, body: null }];
    renderSection(<CareersPage />, { path: '/careers' });
    expect(await screen.findByText('Failed to fetch jobs', { selector: 'p' })).toBeInTheDocument();
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Error')).toBeInTheDocument();
    expect(within(toast).getByText('Failed to fetch jobs')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(calls).toBe(2));
    expect(await screen.findByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(screen.getByText('Failed to fetch jobs', { selector: 'p' })).toBeInTheDocument();
    // A new toast for the new failure (one toast at a time: it replaces the first).
    await waitFor(() => expect(screen.getByRole('alert')).not.toBe(toast));
    expect(within(screen.getByRole('alert')).getByText('Error')).toBeInTheDocument();
  });

  it('keeps the Error toast for 3 s', async () => {
    answers = [{ status: 0, body: null }];
    renderSection(<CareersPage />, { path: '/careers' });
    await screen.findByRole('alert');
    const shownAt = Date.now();
    await act(() => new Promise((resolve) => setTimeout(resolve, 2500)));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument(), { timeout: 3000 });
    expect(Date.now() - shownAt).toBeLessThan(4500);
  }, 10000);

  it('says so when there are no openings', async () => {
    answers = [{ status: 200, body: { success: true, data: [] } }];
    renderSection(<CareersPage />, { path: '/careers' });
    expect(await screen.findByText('No job openings available at the moment.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply Now' })).not.toBeInTheDocument();
  });
});

describe('openings', () => {
  it('expands one opening at a time to show description, responsibilities and requirements', async () => {
    const user = userEvent.setup();
    answers = [{ status: 200, body: { success: true, data: OPENINGS } }];
    renderSection(<CareersPage />, { path: '/careers' });
    const sales = await screen.findByRole('button', { name: 'Sales Engineer' });
    const calibration = screen.getByRole('button', { name: 'Calibration Engineer' });
    expect(sales).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Grow our instrument business.')).not.toBeVisible();

    await user.click(sales);
    expect(sales).toHaveAttribute('aria-expanded', 'true');
    const details = document.getElementById(sales.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(details).toBeVisible();
    expect(within(details).getByText('Grow our instrument business.')).toBeInTheDocument();
    expect(within(details).getByRole('heading', { name: 'Responsibilities' })).toBeInTheDocument();
    expect(within(details).getByText('Prepare offers')).toBeInTheDocument();
    expect(within(details).getByRole('heading', { name: 'Requirements' })).toBeInTheDocument();
    expect(within(details).getByText('GD&T')).toBeInTheDocument();

    await user.click(calibration);
    expect(calibration).toHaveAttribute('aria-expanded', 'true');
    expect(sales).toHaveAttribute('aria-expanded', 'false');
    expect(details).not.toBeVisible();

    await user.click(calibration);
    expect(calibration).toHaveAttribute('aria-expanded', 'false');
  });

  it('Apply Now opens the application form for that opening and moves focus to it', async () => {
    const user = userEvent.setup();
    answers = [{ status: 200, body: { success: true, data: OPENINGS } }];
    renderSection(<CareersPage />, { path: '/careers' });
    await screen.findByRole('button', { name: 'Sales Engineer' });
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    const [, secondApply] = screen.getAllByRole('button', { name: 'Apply Now' });
    expect(secondApply).toHaveAccessibleDescription('Calibration Engineer');
    await user.click(secondApply as HTMLElement);
    const heading = screen.getByRole('heading', { name: 'Apply for Calibration Engineer' });
    expect(heading).toHaveFocus();
    expect(screen.getByRole('form', { name: 'Apply for Calibration Engineer' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Position/ })).toHaveValue('Calibration Engineer');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    await waitFor(() => expect(secondApply).toHaveFocus());
  });
});
