import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, type FakeReply, type SeenRequest } from '../../../testing/test-utils';

/** Fixtures and helpers shared by the catalog section's tests. */
export const COURSE = {
  _id: 'c-1', title: 'Medical Billing', imgUrl: 'https://img.example/mb.jpg', price: 1200, duration: '12 weeks',
  totalHours: '120', credential: 'Certificate', preRequisite: 'High school diploma', certification: 'CBCS',
  description: '<p>Learn billing</p>', content: ['Coding basics', 'Claims'], introVideoUrl: 'https://video.example/1',
  createdAt: '2024-01-01T00:00:00Z',
};
export const OTHER = { ...COURSE, _id: 'c-2', title: 'Phlebotomy', price: 899.5, introVideoUrl: undefined };

type Item = { _id: string; title?: string; description?: unknown; content?: unknown };

/**
 * What the API answers a list GET (`?fields=card&limit=…&sort=…&q=…`): one page of cards, searched in the titles,
 * newest first (the list's newest is its last entry), with a cursor that is the next index.
 */
export function listAnswer(items: object[], url: string): FakeReply {
  const query = new URL(url).searchParams;
  const words = (query.get('q') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const matching = [...(items as Item[])].reverse().filter((item) => words.every((w) => (item.title ?? '').toLowerCase().includes(w)));
  const start = Number(query.get('cursor') ?? 0);
  const limit = Number(query.get('limit') ?? 24);
  const cards = matching.slice(start, start + limit).map(({ description: _d, content: _c, ...card }) => card);
  return { body: { items: cards, total: matching.length, nextCursor: start + limit < matching.length ? String(start + limit) : null } };
}

/** A small in-memory server: the list's pages, one item by id, plus whatever a test says writes should answer. */
export function server(items: object[], write: (req: SeenRequest) => FakeReply | 'network-error' = () => ({ body: { message: 'ok' } })) {
  return mockFetch((req) => {
    if (req.method !== 'GET') return write(req);
    const one = /\/api\/(?:courses|quick-programs)\/([^/?]+)$/.exec(req.url);
    if (!one) return listAnswer(items, req.url);
    const item = (items as Item[]).find((i) => i._id === decodeURIComponent(one[1]!));
    return item ? { body: item } : { status: 404, body: { error: 'Not Found', message: 'Course not found.' } };
  });
}

export const form = (name: string) => screen.getByRole('form', { name });
export const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

/** The rich-text editor arrives in its own chunk; until then the label points at a plain textarea. */
export async function richEditor(label: string): Promise<HTMLElement> {
  await waitFor(() => expect(field(label)).toHaveAttribute('contenteditable', 'true'));
  return field(label);
}

/**
 * Types into the editor as a user would, replacing what it holds. ProseMirror reads typed text from DOM
 * mutations it processes on a short timer, so keys are spaced out a little.
 */
export async function typeRich(label: string, text: string) {
  const area = await richEditor(label);
  const user = userEvent.setup({ delay: 30 });
  await user.click(area);
  await user.keyboard('{Control>}a{/Control}');
  await user.keyboard(text);
  return user;
}

export const tool = (label: string, name: string) =>
  within(screen.getByRole('toolbar', { name: `${label} formatting` })).getByRole('button', { name });

export async function fillCourse() {
  const values: [string, string][] = [
    ['Title', 'Pharmacy Technician'], ['Image URL', 'https://img.example/pt.jpg'], ['Price (USD)', '1500'],
    ['Duration', '16 weeks'], ['Total Hours', '160'], ['Credential', 'Diploma'], ['Prerequisite', 'None'],
    ['Certification', 'PTCB'],
  ];
  for (const [label, value] of values) await userEvent.type(field(label), value);
  await typeRich('Description', 'About pharmacy');
  const user = await typeRich('Content', 'Dosage');
  await user.click(tool('Content', 'Bullet list'));
}

/** Presses a row's Edit and waits for the form to open on the whole item, which is read from the server first. */
export async function openEdit(title: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Edit ${title}` }));
  await screen.findByRole('heading', { name: /^Edit / });
}
