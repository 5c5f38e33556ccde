import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { connect } from '../db/connect';
import type { OpenApiDocument } from '../http/openapi';
import { type Answer, answerChecker } from './answers';

// Runs after the API tests (`npm test` runs this project last): every answer their apps gave,
// recorded in TEST_ANSWERS_FILE, must have a documented status and a body valid against the
// OpenAPI document's schema for it.

const file = process.env.TEST_ANSWERS_FILE;

/** The document as the server serves it; building it needs no database, so none is reached. */
async function servedDocument(): Promise<OpenApiDocument> {
  const db = connect({ host: '127.0.0.1', port: 9, database: 'unused' }, 1);
  const app = await buildApp({ db, logLevel: 'silent' });
  try {
    return (await app.inject('/api/openapi.json')).json();
  } finally {
    await app.close();
    await db.destroy();
  }
}

const recorded = (): Answer[] =>
  fs
    .readFileSync(file ?? '', 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));

describe('the answers of the whole API test run', () => {
  it('conform to the OpenAPI document: documented statuses, bodies valid against their schemas', async () => {
    expect(file, 'TEST_ANSWERS_FILE, written by the API tests (npm test)').toBeTruthy();
    const answers = recorded();
    const check = answerChecker(await servedDocument());
    const problems = new Map<string, number>();
    for (const answer of answers) {
      const problem = check(answer);
      if (problem) problems.set(problem, (problems.get(problem) ?? 0) + 1);
    }
    const routes = new Set(answers.map((a) => `${a.method} ${a.route}`));
    process.stdout.write(
      `${answers.length} answers of ${routes.size} routes checked against the OpenAPI document\n`,
    );
    expect(answers.length).toBeGreaterThan(1000);
    expect([...problems].map(([problem, count]) => `${count} × ${problem}`)).toEqual([]);
  });
});
