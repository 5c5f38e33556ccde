import type { Insertable } from 'kysely';
import type { LegalType } from '../../contract/legal';
import type { Database } from '../db/connect';
import type { LegalDocumentsTable } from '../db/schema';

// Two versions of each document: v1 live since last month, v2 a draft with an added section,
// ready to be activated. The HTML is written clean (the API's sanitiser leaves it unchanged), so
// seeding needs no HTML parser.

const DAY = 24 * 60 * 60 * 1000;

interface Section {
  heading: string;
  body: string;
}

const TITLES: Record<LegalType, string> = {
  terms: 'Terms of Service',
  privacy: 'Privacy Policy',
};

const SECTIONS: Record<LegalType, Section[]> = {
  terms: [
    {
      heading: 'Accounts',
      body: 'You need an account to play, earn points and withdraw rewards. Keep your sign-in details to yourself.',
    },
    {
      heading: 'Points and rewards',
      body: 'Points have no cash value until a withdrawal is approved. We may reject withdrawals we cannot verify.',
    },
    {
      heading: 'Fair play',
      body: 'Cheating, automation and multiple accounts lead to the loss of points and of the account.',
    },
  ],
  privacy: [
    {
      heading: 'What we collect',
      body: 'Your username, email address, match results and withdrawal details.',
    },
    {
      heading: 'Why we collect it',
      body: 'To run matches, pay rewards, prevent fraud and answer support requests.',
    },
    {
      heading: 'Your choices',
      body: 'You can ask for a copy of your data or for its deletion at any time by email.',
    },
  ],
};

const ADDED: Record<LegalType, Section> = {
  terms: {
    heading: 'Referrals',
    body: 'Referral points are paid once the referred player completes their first match.',
  },
  privacy: {
    heading: 'Advertising',
    body: 'Rewarded video ads are served by our ads partner, which may use a device identifier.',
  },
};

const textOf = (type: LegalType, sections: Section[]) =>
  [TITLES[type], ...sections.map((s) => `${s.heading}\n${s.body}`)].join('\n\n');

const htmlOf = (type: LegalType, sections: Section[]) =>
  [
    `<h1>${TITLES[type]}</h1>`,
    ...sections.map((s) => `<h2>${s.heading}</h2><p>${s.body}</p>`),
  ].join('');

/** The demo versions of one type, as rows. */
export function demoLegalRows(type: LegalType, now: number): Insertable<LegalDocumentsTable>[] {
  const v1 = SECTIONS[type];
  const v2 = [...v1, ADDED[type]];
  const published = new Date(now - 30 * DAY);
  const drafted = new Date(now - 2 * DAY);
  return [
    {
      type,
      version: 1,
      content_text: textOf(type, v1),
      content_html: htmlOf(type, v1),
      is_active: true,
      published_at: published,
      created_at: published,
      updated_at: published,
    },
    {
      type,
      version: 2,
      content_text: textOf(type, v2),
      content_html: htmlOf(type, v2),
      is_active: false,
      published_at: null,
      created_at: drafted,
      updated_at: drafted,
    },
  ];
}

/** Writes the demo legal documents, unless the database already has some. */
export async function insertDemoLegal(trx: Database): Promise<Record<string, number>> {
  const existing = await trx.selectFrom('legal_documents').select('id').limit(1).executeTakeFirst();
  if (existing) return { legalDocuments: 0 };
  const now = Date.now();
  const rows = [...demoLegalRows('terms', now), ...demoLegalRows('privacy', now)];
  await trx.insertInto('legal_documents').values(rows).execute();
  return { legalDocuments: rows.length };
}
