import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RichTextField } from './rich-text-field';

// The editor's chunk cannot be loaded (e.g. a deploy replaced it while the page was open).
jest.mock('./rich-text-editor', () => {
  throw new Error('Loading chunk failed');
});

test('when the editor cannot load, the labelled textarea stays and still edits the value', async () => {
  const onChange = jest.fn();
  render(<RichTextField id="content" label="Content" value="" onChange={onChange} />);
  // Give the failed import time to settle; the textarea must still be there afterwards.
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(screen.getByLabelText('Content').tagName).toBe('TEXTAREA');
  await userEvent.type(screen.getByLabelText('Content'), 'x');
  expect(onChange).toHaveBeenLastCalledWith('x');
});
