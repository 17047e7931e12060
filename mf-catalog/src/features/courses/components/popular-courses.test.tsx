import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeCourse } from '../../../testing/fixtures';
import { catalogServer } from '../../../testing/catalog-server';
import { mockFetch, pending, renderAt, signIn } from '../../../testing/test-utils';
import { PopularCourses } from './popular-courses';

const renderWidget = () => renderAt(<PopularCourses />);
const section = () => screen.getByRole('region', { name: 'Popular Courses' });
const courses = Array.from({ length: 6 }, (_, i) => makeCourse({ _id: `c${i}`, title: `Course ${i}`, featured: i === 5 }));

describe('PopularCourses widget', () => {
  it('reserves its space with placeholders while loading', () => {
    mockFetch(pending);
    renderWidget();
    expect(screen.getByRole('heading', { level: 2, name: 'Popular Courses' })).toBeInTheDocument();
    expect(section()).toHaveAttribute('aria-busy', 'true');
    expect(within(section()).getByRole('status')).toHaveTextContent('Loading courses...');
    expect(section().querySelectorAll('[data-placeholder]')).toHaveLength(4);
  });

  it('shows four courses, featured ones first, reading only those four', async () => {
    const server = catalogServer(courses);
    mockFetch(server.handler);
    renderWidget();
    const titles = (await within(section()).findAllByRole('heading', { level: 3 })).map((h) => h.textContent);
    expect(titles).toEqual(['Course 5', 'Course 0', 'Course 1', 'Course 2']);
    expect(server.seen).toEqual(['http://localhost:4000/api/courses?fields=card&limit=4&sort=featured']);
    expect(section()).toHaveAttribute('aria-busy', 'false');
  });

  it("shows each course's price with a thousands separator", async () => {
    mockFetch(catalogServer([makeCourse({ _id: 'p1', title: 'Pricey', price: 12500 }), makeCourse({ _id: 'p2', title: 'Cents', price: 99.5 })]).handler);
    renderWidget();
    const cards = await within(section()).findAllByRole('listitem');
    expect(cards.map((card) => within(card).getByText('Price').nextElementSibling?.textContent)).toEqual(['$12,500', '$99.50']);
  });

  it('names the next start of a course with an open session, and says nothing for one without', async () => {
    const withSession = { ...makeCourse({ _id: 's1', title: 'Starting soon' }), nextSession: { startsOn: '2027-03-08', seatsLeft: 2 } };
    mockFetch(catalogServer([withSession, makeCourse({ _id: 's2', title: 'No dates yet' })]).handler);
    renderWidget();
    const [first, second] = await within(section()).findAllByRole('listitem');
    expect(within(first!).getByText('Next start').nextElementSibling).toHaveTextContent('Mar 8, 2027 (2 seats left)');
    expect(within(second!).queryByText('Next start')).not.toBeInTheDocument();
    expect(second!.textContent).not.toMatch(/2027|start/i);
  });

  it('links like the course list', async () => {
    signIn();
    mockFetch(catalogServer([makeCourse({ _id: 'x9' })]).handler);
    renderWidget();
    await userEvent.click(await screen.findByRole('button', { name: 'View Programs' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/courses/x9');
  });

  it('shows the list failure and empty texts', async () => {
    mockFetch(() => ({ status: 500 }));
    const first = renderWidget();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Error: Failed to fetch courses\.$/);
    first.unmount();
    mockFetch(catalogServer([]).handler);
    renderWidget();
    expect(await screen.findByText('No courses available.')).toBeInTheDocument();
  });
});
