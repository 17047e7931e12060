import { text, type MessageContext, type Rendered } from './types';

export function renderWaitlistOffer({ p, base, site }: MessageContext): Rendered {
  // The course's or program's own page: it shows the offer, and its enroll button opens the payment with the
  // session chosen (the payment page itself needs the course handed over by that button).
  const page = p.kind === 'course' ? 'courses' : 'quick-programs';
  const until = `${text(p.expiresAt).slice(0, 16).replace('T', ' ')} UTC`;
  return {
    params: {
      ...base,
      subject: `A seat is free for you in ${text(p.program)}`,
      message: [
        `A seat opened in ${text(p.program)}, session starting ${text(p.startsOn)} (${text(p.schedule)}), and you are first on its waitlist.`,
        `It is held for you until ${until}. Pay for it before then to take it; after that it goes to the next student waiting.`,
        'If you no longer want it, leave the waitlist from your account and the seat goes to the next student at once.',
      ].join('\n'),
      link_url: `${site}/${page}/${encodeURIComponent(text(p.programId))}?session=${encodeURIComponent(text(p.sessionId))}`,
      link_text: 'Pay for your seat',
    },
    keep: p,
  };
}

export async function renderCertificate({ p, base, site, certificates }: MessageContext): Promise<Rendered | null> {
  // Rendered when sent, like a receipt: a certificate revoked before its email left is not announced.
  const c = certificates ? await certificates.get(text(p.certificateId)) : null;
  if (!c || c.revokedAt) return null;
  return {
    params: {
      ...base,
      to_name: c.studentName,
      subject: `Your certificate ${c.number}: ${c.programTitle}`,
      message: [
        `Congratulations, ${c.studentName}: you completed ${c.programTitle}.`,
        `Certificate number: ${c.number}`,
        `Anyone can check it at ${site}/certificates/${c.code}`,
      ].join('\n'),
      link_url: `${site}/my-certificates/${c.id}`,
      link_text: 'View and print your certificate',
    },
    keep: p,
  };
}
