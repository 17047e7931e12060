import '../../../testing/editor-polyfills';
import { useState } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RichTextField } from './rich-text-field';

/** The field as a form uses it: the value lives outside, and is shown so tests can read what would be sent. */
function Host({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <RichTextField id="desc" label="Description" value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
      <button type="button" onClick={() => setValue('<p>Reset from outside</p>')}>Reset</button>
    </>
  );
}

const value = () => screen.getByTestId('value').textContent;
const area = () => screen.getByLabelText('Description');
const editorReady = () => waitFor(() => expect(area()).toHaveAttribute('contenteditable', 'true'));
const toolbar = () => screen.getByRole('toolbar', { name: 'Description formatting' });
const button = (name: string) => within(toolbar()).getByRole('button', { name });
/** ProseMirror reads typed text from DOM mutations on a short timer, so keys are spaced out. */
const typist = () => userEvent.setup({ delay: 30 });

test('a labelled textarea edits the value until the editor arrives, which then shows that text', async () => {
  render(<Host />);
  expect(area().tagName).toBe('TEXTAREA');
  // Synchronous, so it lands before the editor's chunk resolves.
  area().focus();
  fireEvent.change(area(), { target: { value: 'Typed early' } });
  expect(value()).toBe('Typed early');
  await editorReady();
  expect(area()).toHaveTextContent('Typed early');
  expect(screen.getByRole('textbox', { name: 'Description' }).tagName).toBe('DIV');
  // Someone typing in the stand-in keeps the keyboard when the editor replaces it.
  await waitFor(() => expect(area()).toHaveFocus());
});

test('the editor does not take the focus when nobody was in the stand-in', async () => {
  render(<Host />);
  await editorReady();
  // Past the editor's own deferred focus (an animation frame), had it been asked for.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(area()).not.toHaveFocus();
});

test('the toolbar names every button; toggles report aria-pressed, undo/redo report availability', async () => {
  render(<Host />);
  await editorReady();
  const names = within(toolbar()).getAllByRole('button').map((b) => b.getAttribute('aria-label'));
  expect(names).toEqual(['Bold', 'Italic', 'Heading', 'Bullet list', 'Numbered list', 'Link', 'Undo', 'Redo']);
  for (const name of names.slice(0, 6)) expect(button(name!)).toHaveAttribute('aria-pressed', 'false');
  for (const name of ['Undo', 'Redo']) {
    expect(button(name)).not.toHaveAttribute('aria-pressed');
    expect(button(name)).toHaveAttribute('aria-disabled', 'true');
  }
  expect(toolbar()).toHaveAttribute('aria-controls', area().id);
});

test('the toolbar is one tab stop; arrow keys, Home and End move between its buttons', async () => {
  const user = userEvent.setup();
  render(<Host />);
  await editorReady();
  await user.tab();
  expect(button('Bold')).toHaveFocus();
  await user.keyboard('{ArrowRight}{ArrowRight}');
  expect(button('Heading')).toHaveFocus();
  await user.keyboard('{End}');
  expect(button('Redo')).toHaveFocus();
  await user.keyboard('{ArrowRight}');
  expect(button('Bold')).toHaveFocus();
  await user.keyboard('{ArrowLeft}');
  expect(button('Redo')).toHaveFocus();
  await user.tab();
  expect(area()).toHaveFocus();
  await user.tab({ shift: true });
  expect(button('Redo')).toHaveFocus();
});

test('formatting buttons change the HTML value and show their pressed state', async () => {
  render(<Host />);
  await editorReady();
  const user = typist();
  await user.click(area());
  await user.keyboard('Title');
  await user.click(button('Heading'));
  expect(value()).toBe('<h3>Title</h3>');
  expect(button('Heading')).toHaveAttribute('aria-pressed', 'true');
  await user.click(button('Heading'));
  await user.click(button('Numbered list'));
  expect(value()).toBe('<ol><li><p>Title</p></li></ol>');
  expect(button('Numbered list')).toHaveAttribute('aria-pressed', 'true');
  await user.click(button('Undo'));
  expect(value()).not.toContain('<ol>');
  expect(button('Redo')).not.toHaveAttribute('aria-disabled');
  await user.click(button('Redo'));
  expect(value()).toBe('<ol><li><p>Title</p></li></ol>');
});

test('Link asks for an address, links it, and refuses unsafe ones', async () => {
  const prompt = jest.spyOn(window, 'prompt');
  const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
  render(<Host />);
  await editorReady();
  const user = typist();
  await user.click(area());
  prompt.mockReturnValueOnce('javascript:alert(1)');
  await user.click(button('Link'));
  expect(alert).toHaveBeenCalledWith('This link address is not allowed.');
  expect(value()).toBe('');
  prompt.mockReturnValueOnce('https://example.org/syllabus');
  await user.click(button('Link'));
  expect(value()).toBe('<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://example.org/syllabus">https://example.org/syllabus</a></p>');
  prompt.mockRestore();
  alert.mockRestore();
});

test('clicking the label focuses the editor; a value set from outside replaces the content', async () => {
  render(<Host initial={'Plain line one\nline two'} />);
  await editorReady();
  expect(area().querySelectorAll('p')).toHaveLength(2);
  await userEvent.click(screen.getByText('Description'));
  await waitFor(() => expect(area()).toHaveFocus());
  await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
  expect(area()).toHaveTextContent('Reset from outside');
  expect(value()).toBe('<p>Reset from outside</p>');
});
