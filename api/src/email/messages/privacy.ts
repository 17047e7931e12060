import { text, type MessageContext, type Rendered } from './types';

export function renderErasureApproved({ p, base, config }: MessageContext): Rendered {
  // The last mail to this address: once sent (or given up) the row keeps only the erased placeholder.
  return {
    params: {
      ...base,
      subject: 'Your personal data was erased',
      message: [
        `As you asked, ${config.institute.name} erased your personal data: your name, email, phone, inquiries and notes.`,
        'You can no longer sign in. Payment records, receipt numbers and amounts are kept as the law requires, ' +
          `under the name "${text(p.erasedName)}". Certificates issued to you no longer verify.`,
        'This is the last email we send to this address.',
      ].join('\n'),
      link_url: '',
      link_text: '',
    },
    keep: { erasedName: p.erasedName ?? null, replaceToEmail: p.replaceToEmail ?? null },
  };
}

export function renderErasureDeclined({ p, base, site, config }: MessageContext): Rendered {
  return {
    params: {
      ...base,
      subject: 'Your request to erase your data',
      message: [
        `${config.institute.name} did not erase your data. The reason: ${text(p.reason)}`,
        `To ask about it, reply to ${config.institute.email}. You can ask again from your profile at any time.`,
      ].join('\n'),
      link_url: `${site}/profile`,
      link_text: 'Open your profile',
    },
    keep: p,
  };
}
