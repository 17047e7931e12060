import { render } from '@testing-library/react';
import { BreakableText } from './breakable-text';

test('an email breaks after "@" and before dots, underscores and dashes, and reads the same', () => {
  const { container } = render(<p><BreakableText text="visual.student_2@example-mail.test" /></p>);
  const p = container.querySelector('p') as HTMLElement;
  expect(p.textContent).toBe('visual.student_2@example-mail.test');
  expect(p.innerHTML).toBe('visual<wbr>.student<wbr>_2@<wbr>example<wbr>-mail<wbr>.test');
});

test('a word without separators stays one piece', () => {
  const { container } = render(<p><BreakableText text="maya" /></p>);
  expect(container.querySelector('p')?.innerHTML).toBe('maya');
});
