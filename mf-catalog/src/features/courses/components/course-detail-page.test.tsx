import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Course } from '@institute/shared/contract';
import { makeCourse } from '../../../testing/fixtures';
import { catalogServer } from '../../../testing/catalog-server';
import { mockFetch, pending, renderAt, signIn } from '../../../testing/test-utils';
import { CourseDetailPage } from './course-detail-page';

function renderDetail(courses: Course[], id = 'c1') {
  mockFetch(catalogServer(courses).handler);
  return renderAt(<CourseDetailPage />, { route: `/courses/${id}`, path: '/courses/:id' });
}

const field = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

describe('CourseDetailPage (/courses/:id)', () => {
  it('shows the shared spinner while the course loads', () => {
    mockFetch(pending);
    renderAt(<CourseDetailPage />, { route: '/courses/c1', path: '/courses/:id' });
    expect(screen.getByRole('status')).toBeInTheDocument();
  });

  it('reads that one course by its _id, never the whole list', async () => {
    const { fn: fetch } = mockFetch(catalogServer([makeCourse(), makeCourse({ _id: 'c2', title: 'Pharmacy Technician' })]).handler);
    renderAt(<CourseDetailPage />, { route: '/courses/c2', path: '/courses/:id' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pharmacy Technician' })).toBeInTheDocument();
    // The course alone, then its upcoming sessions: never the catalog.
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      'http://localhost:4000/api/courses/c2',
      'http://localhost:4000/api/sessions?courseId=c2',
    ]);
    // The tab names the course, as the server-rendered page did.
    expect(document.title).toMatch(/^Pharmacy Technician \| /);
  });

  it('shows "Error: Failed to fetch courses." when the read fails', async () => {
    mockFetch(() => ({ status: 503 }));
    renderAt(<CourseDetailPage />, { route: '/courses/c1', path: '/courses/:id' });
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Error: Failed to fetch courses\.$/);
  });

  it('shows a not-found state with a way back when the id is unknown', async () => {
    renderDetail([makeCourse()], 'missing');
    expect(await screen.findByText('Course not found.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: /back to courses/i }));
    expect(screen.getByTestId('location')).toHaveTextContent('/courses');
  });

  it('shows price, duration, hours, credential, prerequisite and certification', async () => {
    renderDetail([makeCourse()]);
    await screen.findByRole('heading', { level: 1, name: 'Medical Assistant' });
    expect(field('Price')).toHaveTextContent('$1,200');
    expect(field('Duration')).toHaveTextContent('12 weeks');
    expect(field('Hours')).toHaveTextContent('120 hours');
    expect(field('Credential')).toHaveTextContent('CCMA');
    expect(field('Prerequisite')).toHaveTextContent('High school diploma');
    expect(field('Certification')).toHaveTextContent('NHA Certified');
  });

  it('has description, contents and duration tabs wired with WAI-ARIA', async () => {
    renderDetail([makeCourse({ CourseDuration: { calendarLength: '3 months' } })]);
    const tablist = await screen.findByRole('tablist');
    const tabs = within(tablist).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Description', 'Contents', 'Duration']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('id', tabs[0]!.getAttribute('aria-controls'));

    await userEvent.click(screen.getByRole('tab', { name: 'Duration' }));
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveAttribute('aria-labelledby', tabs[2]!.id);
    expect(within(panel).getByText('3 months')).toBeInTheDocument();
  });

  it('renders the description as sanitized rich text', async () => {
    renderDetail([makeCourse({ description: '<p>Safe <strong>bold</strong></p><img src="x" onerror="alert(1)"><script>alert(2)</script>' })]);
    const panel = await screen.findByRole('tabpanel');
    expect(within(panel).getByText('bold').tagName).toBe('STRONG');
    expect(panel.querySelector('script')).toBeNull();
    expect(panel.querySelector('[onerror]')).toBeNull();
  });

  it('lists contents given as an array of markup strings', async () => {
    renderDetail([makeCourse({ content: ['<b>Anatomy</b>', 'Phlebotomy', '<a href="javascript:alert(1)">Bad</a>'] })]);
    await userEvent.click(await screen.findByRole('tab', { name: 'Contents' }));
    const items = within(screen.getByRole('tabpanel')).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Anatomy', 'Phlebotomy', 'Bad']);
    expect(items[0]!.querySelector('b')).not.toBeNull();
    expect(items[2]!.querySelector('a')).not.toHaveAttribute('href', 'javascript:alert(1)');
  });

  it('lists contents given as one markup string', async () => {
    renderDetail([makeCourse({ content: '<ul><li>EKG</li><li>Vitals</li></ul>' })]);
    await userEvent.click(await screen.findByRole('tab', { name: 'Contents' }));
    const items = within(screen.getByRole('tabpanel')).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['EKG', 'Vitals']);
  });

  it('embeds a YouTube intro video in a titled, privacy-friendly iframe', async () => {
    renderDetail([makeCourse({ introVideoUrl: 'https://www.youtube.com/watch?v=abc_123' })]);
    const frame = await screen.findByTitle('Medical Assistant: intro video');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/abc_123');
  });

  it('plays a video file intro in a <video> with the course image as poster', async () => {
    const { container } = renderDetail([makeCourse({ introVideoUrl: 'https://cdn.example.test/intro.mp4' })]);
    await screen.findByRole('heading', { level: 1 });
    const video = container.querySelector('video');
    expect(video).toHaveAttribute('src', 'https://cdn.example.test/intro.mp4');
    expect(video).toHaveAttribute('poster', 'https://img.example.test/medical.jpg');
  });

  it('shows the course image instead of a broken embed when there is no usable video', async () => {
    const { container } = renderDetail([makeCourse({ introVideoUrl: 'javascript:alert(1)' })]);
    await screen.findByRole('heading', { level: 1 });
    expect(container.querySelector('iframe, video')).toBeNull();
    const img = within(container.querySelector('figure')!).getByRole('img', { name: 'Medical Assistant' });
    expect(img).toHaveAttribute('width');
    expect(img).toHaveAttribute('height');
  });

  it('falls back to the image when a video file fails to load', async () => {
    const { container } = renderDetail([makeCourse({ introVideoUrl: 'https://cdn.example.test/missing.mp4' })]);
    await screen.findByRole('heading', { level: 1 });
    fireEvent.error(container.querySelector('video')!);
    expect(await screen.findByRole('img', { name: 'Medical Assistant' })).toBeInTheDocument();
    expect(container.querySelector('video')).toBeNull();
  });

  it('reads "Enroll Now" with a stored token and goes to /payment/{id} with the course as state', async () => {
    signIn();
    renderDetail([makeCourse()]);
    await userEvent.click(await screen.findByRole('button', { name: 'Enroll Now' }));
    const location = screen.getByTestId('location');
    expect(location).toHaveTextContent('/payment/c1');
    expect(JSON.parse(location.dataset.state!)).toEqual({ course: makeCourse() });
  });

  it('reads "Sign in to Enroll" without a token and goes to /login', async () => {
    renderDetail([makeCourse()]);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in to Enroll' }));
    expect(screen.queryByRole('button', { name: 'Enroll Now' })).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });
});
