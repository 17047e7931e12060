import { screen } from '@testing-library/react';
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

/** A small in-memory server: the list, plus whatever a test says writes should answer. */
export function server(items: object[], write: (req: SeenRequest) => FakeReply | 'network-error' = () => ({ body: { message: 'ok' } })) {
  return mockFetch((req) => (req.method === 'GET' ? { body: items } : write(req)));
}

export const form = (name: string) => screen.getByRole('form', { name });
export const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

export async function fillCourse() {
  const values: [string, string][] = [
    ['Title', 'Pharmacy Technician'], ['Image URL', 'https://img.example/pt.jpg'], ['Price (USD)', '1500'],
    ['Duration', '16 weeks'], ['Total Hours', '160'], ['Credential', 'Diploma'], ['Prerequisite', 'None'],
    ['Certification', 'PTCB'], ['Description', 'About pharmacy'], ['Content', 'Dosage\nLaw'],
  ];
  for (const [label, value] of values) await userEvent.type(field(label), value);
}

