// @vitest-environment jsdom
// DOMPurify is only trustworthy under jsdom in tests (STACK.md).
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SafeHtml } from './SafeHtml';

afterEach(cleanup);

describe('SafeHtml', () => {
  it.each([
    ['<p>Hi <a href="https://acme.test">there</a></p><script>alert(1)</script>', '<p>Hi <a href="https://acme.test">there</a></p>'],
    ['<img src="x" onerror="alert(1)"><a href="javascript:alert(1)">x</a>', '<img src="x"><a>x</a>'],
    [null, ''],
  ])('renders %j as %j', (html, expected) => {
    const { container } = render(<SafeHtml html={html} />);
    expect(container.firstElementChild?.innerHTML).toBe(expected);
  });
});
