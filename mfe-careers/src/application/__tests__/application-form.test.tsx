import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RESUME_MAX_BYTES, type JobOpening } from '@metrology/shared';
import CareersPage from '../../pages/careers-page';
import { validateApplication, EMPTY_APPLICATION, type ApplicationFields } from '../validate-application';
import { renderSection, startSectionApi, type FakeApi } from '@metrology/test-kit';

const OPENINGS: JobOpening[] = [
  {
    _id: 'o1',
    title: 'Sales Engineer',
    location: 'Chennai',
    qualification: 'B.E.',
    description: 'Sell.',
    responsibilities: [],
    requirements: [],
  },
  {
    _id: 'o2',
    title: 'Calibration Engineer',
    location: 'Bangalore',
    qualification: 'M.Sc.',
    description: 'Calibrate.',
    responsibilities: [],
    requirements: [],
  },
];

const valid: ApplicationFields = {
  name: 'Asha Rao',
  email: 'asha@example.com',
  qualification: 'B.E. Mechanical',
  position: 'Sales Engineer',
  mobile: '+91 98400 12345',
  message: 'I would like to join.',
};
const pdf = (name = 'resume.pdf', size = 1024) =>
  new File([new Uint8Array(size)], name, { type: 'application/pdf' });

describe('validateApplication', () => {
  it.each<[string, Partial<ApplicationFields>, File | null, Record<string, string>]>([
    [
      'everything missing',
      EMPTY_APPLICATION,
      null,
      {
        name: 'Name is required',
        email: 'Email is required',
        qualification: 'Qualification is required',
        position: 'Position is required',
        mobile: 'Mobile number is required',
        resume: 'Resume is required',
        message: 'Message is required',
      },
    ],
    ['a bad e-mail', { email: 'asha@' }, pdf(), { email: 'Please enter a valid email address' }],
    ['a bad mobile', { mobile: '123' }, pdf(), { mobile: 'Please enter a valid mobile number' }],
    ['spaces only', { message: '   ' }, pdf(), { message: 'Message is required' }],
    ['no resume', {}, null, { resume: 'Resume is required' }],
    ['all good', {}, pdf(), {}],
  ])('%s', (_case, change, resume, expected) => {
    expect(validateApplication({ ...valid, ...change }, resume)).toEqual(expected);
  });
});

let api: FakeApi;
beforeAll(async () => {
  api = await startSectionApi();
  api.override('GET /api/dashboard/careers', () => ({ body: { success: true, data: OPENINGS } }));
});
afterAll(() => api.close());

async function openForm(user: ReturnType<typeof userEvent.setup>) {
  renderSection(<CareersPage />, { path: '/careers' });
  await screen.findByRole('button', { name: 'Sales Engineer' });
  await user.click(screen.getAllByRole('button', { name: 'Apply Now' })[0] as HTMLElement);
  return screen.getByRole('form', { name: 'Apply for Sales Engineer' });
}

async function fillValid(user: ReturnType<typeof userEvent.setup>, form: HTMLElement, resume: File = pdf()) {
  await user.type(within(form).getByRole('textbox', { name: /Full name/ }), valid.name);
  await user.type(within(form).getByRole('textbox', { name: /Email/ }), valid.email);
  await user.type(within(form).getByRole('textbox', { name: /Qualification/ }), valid.qualification);
  await user.type(within(form).getByRole('textbox', { name: /Mobile number/ }), valid.mobile);
  await user.upload(within(form).getByLabelText(/Resume/), resume);
  await user.type(within(form).getByRole('textbox', { name: /Message/ }), valid.message);
}

describe('application form', () => {
  it('shows every required-field message and focuses the first field in error', async () => {
    const user = userEvent.setup();
    const form = await openForm(user);
    await user.selectOptions(within(form).getByRole('combobox', { name: /Position/ }), '');
    await user.click(within(form).getByRole('button', { name: 'Submit Application' }));
    for (const message of [
      'Name is required',
      'Email is required',
      'Qualification is required',
      'Position is required',
      'Mobile number is required',
      'Resume is required',
      'Message is required',
    ]) {
      expect(within(form).getByText(message)).toBeInTheDocument();
    }
    const name = within(form).getByRole('textbox', { name: /Full name/ });
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Name is required');
    await user.type(name, 'A');
    expect(within(form).queryByText('Name is required')).not.toBeInTheDocument();
  });

  it('checks the e-mail and mobile formats', async () => {
    const user = userEvent.setup();
    const form = await openForm(user);
    await user.type(within(form).getByRole('textbox', { name: /Email/ }), 'asha@example');
    await user.type(within(form).getByRole('textbox', { name: /Mobile number/ }), '98-40');
    await user.click(within(form).getByRole('button', { name: 'Submit Application' }));
    expect(within(form).getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(within(form).getByText('Please enter a valid mobile number')).toBeInTheDocument();
  });

  it('accepts .pdf, .doc and .docx resumes', async () => {
    const user = userEvent.setup();
    const form = await openForm(user);
    const input = within(form).getByLabelText(/Resume/) as HTMLInputElement;
    expect(input).toHaveAttribute('accept', '.pdf,.doc,.docx');
    for (const name of ['cv.pdf', 'cv.doc', 'CV.DOCX']) {
      await user.upload(input, new File(['x'], name));
      expect(input.files?.[0]?.name).toBe(name);
      expect(within(form).queryByText(/Please upload|File size/)).not.toBeInTheDocument();
    }
  });

  it('rejects a resume of another type and clears the input', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const form = await openForm(user);
    const input = within(form).getByLabelText(/Resume/) as HTMLInputElement;
    await user.upload(input, new File(['x'], 'photo.png', { type: 'image/png' }));
    expect(within(form).getByText('Please upload a PDF, DOC or DOCX file')).toBeInTheDocument();
    expect(input.value).toBe('');
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it("rejects a resume over 2 MB with 'File size should not exceed 2MB' and clears the input", async () => {
    const user = userEvent.setup();
    const form = await openForm(user);
    const input = within(form).getByLabelText(/Resume/) as HTMLInputElement;
    await user.upload(input, pdf('big.pdf', RESUME_MAX_BYTES + 1));
    expect(within(form).getByText('File size should not exceed 2MB')).toBeInTheDocument();
    expect(input.value).toBe('');
    expect(input.files).toHaveLength(0);

    // Exactly 2 MB is fine, and a good file clears the message.
    await user.upload(input, pdf('ok.pdf', RESUME_MAX_BYTES));
    expect(within(form).queryByText('File size should not exceed 2MB')).not.toBeInTheDocument();
    expect(input.files?.[0]?.name).toBe('ok.pdf');
  });
});

/**
 * Submitting. Node's fetch cannot stream a jsdom File inside jest (the request body never ends), so these tests
 * answer the submit call themselves and read what the page put into its FormData; the real multipart upload to
 * the real API is covered by the e2e test (e2e/tests/careers.spec.ts).
 */
describe('submitting an application', () => {
  let sent: { url: string; method: string; entries: [string, FormDataEntryValue][] }[];
  let reply: () => Response;
  const realFetch = globalThis.fetch;

  beforeEach(() => {
    sent = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      if (!request.url.endsWith('/api/careers/applications/submit')) return realFetch(input, init);
      sent.push({
        url: request.url,
        method: request.method,
        entries: Array.from(lastFormData?.entries() ?? []),
      });
      return reply();
    });
  });
  afterEach(() => jest.restoreAllMocks());

  // The page builds one FormData per submit: keep the latest to read its entries.
  let lastFormData: FormData | null = null;
  const RealFormData = globalThis.FormData;
  beforeAll(() => {
    globalThis.FormData = new Proxy(RealFormData, {
      construct(target, args: ConstructorParameters<typeof FormData>) {
        const form = Reflect.construct(target, args) as FormData;
        lastFormData = form;
        return form;
      },
    });
  });
  afterAll(() => {
    globalThis.FormData = RealFormData;
  });

  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

  it('sends every field and the resume as multipart, thanks the applicant for 5 s, hides and resets the form', async () => {
    const user = userEvent.setup();
    reply = () => json({ success: true, message: 'stored' });
    const form = await openForm(user);
    const resume = pdf('asha-rao.pdf', 2048);
    await fillValid(user, form, resume);
    await user.click(within(form).getByRole('button', { name: 'Submit Application' }));

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent(
      "Thank you for your interest. We'll review your application and get back to you soon.",
    );
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.url).toBe(`${api.url}/api/careers/applications/submit`);
    const entries = Object.fromEntries(sent[0]?.entries ?? []);
    expect(entries).toMatchObject({
      name: valid.name,
      email: valid.email,
      qualification: valid.qualification,
      position: 'Sales Engineer',
      mobile: valid.mobile,
      message: valid.message,
    });
    expect((entries.resume as File).name).toBe('asha-rao.pdf');
    expect((entries.resume as File).size).toBe(2048);
    expect(Object.keys(entries).sort()).toEqual([
      'email',
      'message',
      'mobile',
      'name',
      'position',
      'qualification',
      'resume',
    ]);

    // Opening the form again shows it empty.
    await user.click(screen.getAllByRole('button', { name: 'Apply Now' })[1] as HTMLElement);
    const again = screen.getByRole('form', { name: 'Apply for Calibration Engineer' });
    expect(within(again).getByRole('textbox', { name: /Full name/ })).toHaveValue('');
    expect((within(again).getByLabelText(/Resume/) as HTMLInputElement).files).toHaveLength(0);
  });

  it('the position select shows what is chosen, and the opening of a later Apply Now', async () => {
    const user = userEvent.setup();
    const form = await openForm(user);
    const position = within(form).getByRole('combobox', { name: /Position/ });
    expect(position).toHaveValue('Sales Engineer');
    await user.selectOptions(position, 'Calibration Engineer');
    expect(screen.getByRole('form', { name: 'Apply for Calibration Engineer' })).toBe(form);
    await user.click(screen.getAllByRole('button', { name: 'Apply Now' })[0] as HTMLElement);
    expect(screen.getByRole('form', { name: 'Apply for Sales Engineer' })).toBe(form);
    expect(position).toHaveValue('Sales Engineer');
  });

  it("shows the server's message when the application is refused, and keeps the form", async () => {
    const user = userEvent.setup();
    reply = () => json({ success: false, message: 'Please upload a PDF, DOC or DOCX file' }, 400);
    const form = await openForm(user);
    await fillValid(user, form);
    await user.click(within(form).getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please upload a PDF, DOC or DOCX file');
    expect(screen.getByRole('form')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /Full name/ })).toHaveValue(valid.name);
  });

  it("falls back to 'Failed to submit application. Please try again.' when no answer comes back", async () => {
    const user = userEvent.setup();
    reply = () => {
      throw new TypeError('fetch failed');
    };
    const form = await openForm(user);
    await fillValid(user, form);
    await user.click(within(form).getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to submit application. Please try again.',
    );
    await waitFor(() =>
      expect(within(form).getByRole('button', { name: 'Submit Application' })).toBeEnabled(),
    );
  });
});
