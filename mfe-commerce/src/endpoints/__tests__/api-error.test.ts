import { serverMessage } from '../api-error';

describe('serverMessage', () => {
  it.each([
    ['a server message', { status: 400, message: 'Address book full' }, 'Address book full'],
    ['a refusal with a message', { status: 'CUSTOM_ERROR', message: 'Nope' }, 'Nope'],
    ['an answer without a message', { status: 500, message: 'Request failed (500)' }, 'fallback'],
    ['a network failure', { status: 'FETCH_ERROR', message: 'Network error' }, 'thrown'],
    ['an unreadable answer', { status: 'PARSING_ERROR', message: 'Unexpected token' }, 'thrown'],
    ['an exception', new Error('boom'), 'thrown'],
    ['nothing useful', undefined, 'fallback'],
  ])('%s -> %p', (_name, error, expected) => {
    expect(serverMessage(error, 'fallback', 'thrown')).toBe(expected);
  });
});
