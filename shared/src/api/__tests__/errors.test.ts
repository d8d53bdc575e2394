import { errorMessage, serverMessage } from '../errors';

// The one helper that turns an API error into a message (it replaces the commerce and careers copies).
describe('serverMessage', () => {
  it.each([
    [
      'a server message',
      { status: 400, message: 'Address book full', fromServer: true },
      'Address book full',
    ],
    ['a refusal with a message', { status: 'CUSTOM_ERROR', message: 'Nope', fromServer: true }, 'Nope'],
    ['an answer without a message', { status: 500, message: 'Request failed (500)' }, 'fallback'],
    [
      'a refusal without a message',
      { status: 'CUSTOM_ERROR', message: 'The request was refused.' },
      'fallback',
    ],
    ['a blank server message', { status: 400, message: '  ', fromServer: true }, 'fallback'],
    ['a network failure', { status: 'FETCH_ERROR', message: 'Network error' }, 'thrown'],
    ['a timeout', { status: 'TIMEOUT_ERROR', message: 'The shop did not answer in time.' }, 'thrown'],
    ['an unreadable answer', { status: 'PARSING_ERROR', message: 'Unexpected token' }, 'thrown'],
    ['an exception', new Error('boom'), 'thrown'],
    ['nothing useful', undefined, 'fallback'],
  ])('%s -> %p', (_name, error, expected) => {
    expect(serverMessage(error, 'fallback', 'thrown')).toBe(expected);
  });

  it('without a text for thrown errors, they show the fallback as well', () => {
    expect(serverMessage({ status: 'FETCH_ERROR', message: 'Network error' }, 'Failed to fetch jobs')).toBe(
      'Failed to fetch jobs',
    );
  });
});

describe('errorMessage', () => {
  it('shows any message an error carries, else the fallback', () => {
    expect(errorMessage({ status: 'FETCH_ERROR', message: 'Network error' }, 'fallback')).toBe(
      'Network error',
    );
    expect(errorMessage(new Error('boom'), 'fallback')).toBe('boom');
    expect(errorMessage({ status: 500, message: '' }, 'fallback')).toBe('fallback');
    expect(errorMessage(undefined, 'fallback')).toBe('fallback');
  });
});
