import '@testing-library/jest-dom';
import { useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SectionBoundary } from '../section-boundary';

let errorSpy: jest.SpyInstance;
beforeEach(() => {
  errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => errorSpy.mockRestore());

/** A page that throws on its first `failures` attempts, then works. */
function Page({ attempt, failures }: { attempt: number; failures: number }) {
  if (attempt < failures) throw new Error(`attempt ${attempt} failed`);
  return <h1>Content page (attempt {attempt})</h1>;
}

function Harness({ failures, recover }: { failures: number; recover: (error: Error) => Promise<boolean> }) {
  const [attempt, setAttempt] = useState(0);
  const [retries, setRetries] = useState(0);
  return (
    <SectionBoundary
      key={attempt}
      section="content"
      loadingLabel="Loading the content section"
      recover={recover}
      onRecovered={() => setAttempt((n) => n + 1)}
      onRetry={() => {
        setRetries((n) => n + 1);
        setAttempt((n) => n + 1);
      }}
    >
      <Page attempt={attempt} failures={failures} />
      <p>Retries: {retries}</p>
    </SectionBoundary>
  );
}

test('while recovering it shows the loading state, then the page that works', async () => {
  let resolve: (again: boolean) => void = () => undefined;
  const recover = jest.fn(() => new Promise<boolean>((r) => (resolve = r)));
  render(<Harness failures={1} recover={recover} />);
  expect(screen.getByRole('status')).toHaveTextContent('Loading the content section');
  expect(screen.queryByTestId('section-fallback')).not.toBeInTheDocument();
  expect(recover).toHaveBeenCalledWith(expect.objectContaining({ message: 'attempt 0 failed' }));
  await act(async () => resolve(true));
  expect(screen.getByRole('heading', { name: 'Content page (attempt 1)' })).toBeInTheDocument();
});

test('when nothing is left it shows the fallback; Retry starts again', async () => {
  const recover = jest.fn(async () => false);
  render(<Harness failures={1} recover={recover} />);
  const fallback = await screen.findByTestId('section-fallback');
  expect(fallback).toHaveTextContent(
    'The content section could not be loaded. The rest of the site still works.',
  );
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(screen.getByRole('heading', { name: 'Content page (attempt 1)' })).toBeInTheDocument();
  expect(screen.getByText('Retries: 1')).toBeInTheDocument();
});

test('a recovery that itself fails shows the fallback', async () => {
  render(<Harness failures={1} recover={() => Promise.reject(new Error('guard broke'))} />);
  expect(await screen.findByTestId('section-fallback')).toBeInTheDocument();
});
