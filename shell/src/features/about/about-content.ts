import { MIN_PARTIAL_TEXT } from '@institute/shared/rules';

/** The about page's copy. Testimonials are fictional, written for this site. */
export const SKILLS = [
  { name: 'Healthcare and clinical skills', level: 95 },
  { name: 'Medical billing and coding', level: 90 },
  { name: 'Networking and cybersecurity', level: 88 },
  { name: 'Programming and web development', level: 85 },
  { name: 'Business and office management', level: 80 },
] as const;

export const STATS = [
  { value: '2,400+', label: 'Graduates' },
  { value: '40+', label: 'Hiring partners' },
  { value: '12', label: 'Years of teaching' },
] as const;

export const TESTIMONIALS = [
  {
    quote: 'I worked retail for nine years. Four months after my first class I started as a medical assistant at a family practice.',
    name: 'Dana R.',
    role: 'Medical Assistant graduate',
  },
  {
    quote: 'The evening schedule let me keep my job. The instructors answered every question, even the ones I was embarrassed to ask.',
    name: 'Luis M.',
    role: 'Network Support graduate',
  },
  {
    quote: 'Paying part up front and the rest later made it possible. The interview practice is what got me the offer.',
    name: 'Priya S.',
    role: 'Billing and Coding graduate',
  },
] as const;

export const FAQ = [
  {
    question: 'Do I need experience before I enroll?',
    answer: 'Most courses start from the basics. Where a course has a prerequisite, it is listed on the course page, and an advisor can help you choose.',
  },
  {
    question: 'Can I study online?',
    answer: 'Yes. Most programs run live online as well as in the classroom, and you can switch format if your situation changes.',
  },
  {
    question: 'Can I pay in parts?',
    answer: `For courses priced above ${MIN_PARTIAL_TEXT} you can start with a partial payment of at least ${MIN_PARTIAL_TEXT} and pay the balance later.`,
  },
  {
    question: 'Will I get a certification?',
    answer: 'Each course page names the certification or credential it prepares you for. We help you register for the exam.',
  },
  {
    question: 'Do you help graduates find work?',
    answer: 'Yes: resume reviews, mock interviews and introductions to employers who hire our graduates, for as long as you need them.',
  },
] as const;
