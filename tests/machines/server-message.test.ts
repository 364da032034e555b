import { describe, expect, it } from 'vitest';
import { serverMessage } from '../../machines/server-message';

describe('serverMessage', () => {
  it('shows the answer a server gave, plain or as JSON', () => {
    expect(serverMessage(new Error('A company with this ABN already exists'), 'Failed')).toBe('A company with this ABN already exists');
    expect(serverMessage(new Error('{"message":"Not allowed"}'), 'Failed')).toBe('Not allowed');
    expect(serverMessage(new Error('"Quoted"'), 'Failed')).toBe('Quoted');
  });

  it('shows the screen’s own failure message when no answer came, or it had no text', () => {
    expect(serverMessage(new TypeError('Failed to fetch'), 'Failed to update the info')).toBe('Failed to update the info');
    expect(serverMessage(Object.assign(new Error('Request timed out: GET /api/x'), { name: 'TimeoutError' }), 'Failed')).toBe('Failed');
    expect(serverMessage(new DOMException('The operation was aborted.', 'AbortError'), 'Failed')).toBe('Failed');
    expect(serverMessage(new Error('  '), 'Failed')).toBe('Failed');
    expect(serverMessage('not an error', 'Failed')).toBe('Failed');
  });
});
