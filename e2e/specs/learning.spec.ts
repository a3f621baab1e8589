import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Download, Page } from '@playwright/test';
import { expect, openAs, PHONE, setTheme, shot, test } from './helpers';

/** The right answers of the demo "Final check" of «Welcome to the company» (apps/server/src/modules/learning/demo-tests.ts). */
const WELCOME_ANSWERS: Record<string, string[]> = {
  'Whom do you ask first about your vacation days?': ['HR, through the vacation request in the portal'],
  'Where are the company’s policies and handbooks kept?': ['In the knowledge base of the portal'],
  'Which of these belong to a good first week?': ['Meeting your mentor', 'Reading the onboarding course'],
  'The fire alarm goes off. Where do you go?': ['To the assembly point in the courtyard, by the stairs'],
  'How do you report an idea to improve our work?': ['Through the ideas section of the portal'],
};

/** A day a year ahead, as the date fields read it (YYYY-MM-DD). */
const yearAhead = () => new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);

/** The saved download's first bytes. */
async function firstBytes(download: Download, count: number) {
  const path = await download.path();
  return (await readFile(path)).subarray(0, count).toString('latin1');
}

/**
 * No serious or critical axe-core problem on what is on screen (the rules of the accessibility pass, a11y.spec.ts):
 * the test's pages need two ids, more than a module's `a11yPages` can name, so they are checked here.
 */
async function expectAccessible(page: Page, where: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  const problems = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  expect(problems, where).toEqual([]);
}

/** Marks the lesson open on the page as learned and waits until the page says so. */
async function markLearned(page: Page) {
  await page.getByRole('button', { name: 'Mark as learned' }).click();
  await expect(page.getByText('Learned', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark as learned' })).toHaveCount(0);
}

test('an administrator builds a course: a lesson with a file, a test with questions, published and assigned', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const title = `Working with customers ${Date.now().toString(36)}`;
  const { context, page } = await openAs(browser, 'admin');

  // A new course from the catalogue.
  await page.goto('/courses');
  await expect(page.getByRole('heading', { level: 1, name: 'Learning' })).toBeVisible();
  await page.getByRole('link', { name: 'New course' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New course' })).toBeVisible();
  await page.getByRole('button', { name: 'Create course' }).click();
  await expect(page.getByText('Give the course a title')).toBeVisible();
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page
    .getByRole('textbox', { name: 'Description' })
    .fill('How we answer customers: tone, response times and when to hand a question on.');
  await page.getByRole('button', { name: 'Create course' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveURL(/\/courses\/[0-9a-f-]{36}$/);
  const courseUrl = new URL(page.url()).pathname;
  await expect(page.getByText('No lessons or tests yet')).toBeVisible();

  // A lesson with a paragraph of text and a file.
  await page.getByRole('link', { name: 'Add a lesson' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New lesson' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Title' }).fill('Answering within a day');
  const body = page.getByRole('textbox', { name: 'Lesson text' });
  await body.click();
  await body.pressSequentially('Every customer question gets a first answer within one working day.');
  await page.getByTestId('file-input').setInputFiles({
    name: 'response-times.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('First answer: one working day.\nSolution: five working days.\n'),
  });
  await expect(page.getByRole('button', { name: 'Remove response-times.txt' })).toBeVisible();
  await page.getByRole('button', { name: 'Create lesson' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Answering within a day' })).toBeVisible();
  const lesson = page.getByRole('article', { name: 'Answering within a day' });
  await expect(lesson.getByText('Every customer question gets a first answer within one working day.')).toBeVisible();
  await expect(lesson.getByText('response-times.txt')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the course' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // A test with its settings, then two questions; the first is refused until an answer is marked right.
  await page.getByRole('link', { name: 'Add a test' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New test' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Title' }).fill('Customer care check');
  await page.getByRole('textbox', { name: 'Description' }).fill('Two questions on what the lesson covered.');
  await page.getByRole('switch', { name: 'Shuffle the answers' }).check({ force: true });
  const passScore = page.getByRole('textbox', { name: 'Passing score' });
  await passScore.fill('50');
  await page.getByRole('button', { name: 'Create test' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Customer care check' })).toBeVisible();
  await expect(page.getByText('No questions yet')).toBeVisible();

  await page.getByRole('button', { name: 'Add a question' }).click();
  let dialog = page.getByRole('dialog', { name: 'New question 1' });
  await dialog.getByRole('textbox', { name: 'Question' }).fill('How soon does a customer get a first answer?');
  await dialog.getByRole('textbox', { name: 'Answer 1', exact: true }).fill('Within one working day');
  await dialog.getByRole('textbox', { name: 'Answer 2', exact: true }).fill('Within a week');
  await dialog.getByRole('button', { name: 'Save question' }).click();
  await expect(dialog.getByText('Mark at least one answer as correct')).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Answer 1 is right' }).check();
  await dialog.getByRole('button', { name: 'Save question' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('listitem', { name: 'Question 1' })).toContainText(
    'How soon does a customer get a first answer?',
  );

  await page.getByRole('button', { name: 'Add a question' }).click();
  dialog = page.getByRole('dialog', { name: 'New question 2' });
  await dialog.getByRole('textbox', { name: 'Question' }).fill('Which questions do you hand on to a specialist?');
  await dialog.getByRole('textbox', { name: 'Answer 1', exact: true }).fill('Billing disputes');
  await dialog.getByRole('textbox', { name: 'Answer 2', exact: true }).fill('Security incidents');
  await dialog.getByRole('button', { name: 'Add an answer' }).click();
  await dialog.getByRole('textbox', { name: 'Answer 3', exact: true }).fill('Where the office is');
  await dialog.getByRole('checkbox', { name: 'Answer 1 is right' }).check();
  await dialog.getByRole('checkbox', { name: 'Answer 2 is right' }).check();
  await dialog.getByRole('button', { name: 'Save question' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('listitem', { name: 'Question 2' })).toContainText('Security incidents');
  await expect(page.getByText('Test · questions: 2')).toBeVisible();
  await shot(page, 'learning-test-editor-desktop-light');
  await expectAccessible(page, 'the test editor');

  // Back on the course: both in the content; published.
  await page.getByRole('link', { name: 'Back to course' }).click();
  const content = page.getByRole('list', { name: 'Course content' });
  await expect(content.getByRole('link', { name: 'Answering within a day' })).toBeVisible();
  await expect(content.getByRole('link', { name: 'Customer care check' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Course status' }).click();
  await page.getByRole('option', { name: 'Published' }).click();
  await expect(page.getByText('The course is now «Published»')).toBeVisible();
  await expect(page.getByText('Everyone may see and join it.')).toBeVisible();

  // Lukas is assigned with a due date; the participants list him.
  await page.getByRole('tab', { name: 'Participants' }).click();
  await page.getByRole('button', { name: 'Assign' }).click();
  const assign = page.getByRole('dialog', { name: 'Assign the course' });
  await assign.getByRole('button', { name: 'Assign' }).click();
  await expect(assign.getByText('Choose people or an audience')).toBeVisible();
  const people = assign.getByRole('combobox', { name: 'People' });
  await people.click();
  await people.pressSequentially('Luk');
  await page.getByRole('option', { name: /Lukas Schmidt/ }).click();
  await assign.getByRole('textbox', { name: 'Due date' }).fill(yearAhead());
  await assign.getByRole('heading', { name: 'Assign the course' }).click();
  await assign.getByRole('button', { name: 'Assign' }).click();
  await expect(assign).toBeHidden();
  await expect(page.getByText('Added: 1. Members now: 1.')).toBeVisible();
  const members = page.getByRole('table');
  await expect(members.getByText('Lukas Schmidt')).toBeVisible();
  await expect(members.getByText('Not started')).toBeVisible();
  await shot(page, 'learning-participants-desktop-light');

  // The course's content in both themes and on a phone.
  await page.getByRole('tab', { name: 'Content' }).click();
  await expect(content.getByRole('link', { name: 'Customer care check' })).toBeVisible();
  await shot(page, 'learning-course-desktop-light');
  await setTheme(page, 'dark');
  await shot(page, 'learning-course-desktop-dark');
  await setTheme(page, 'light');
  await page.setViewportSize(PHONE);
  await page.goto(courseUrl);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(content.getByRole('link', { name: 'Customer care check' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'learning-course-phone-light');
  await context.close();
});

test('a learner finishes the welcome course: lessons, the test, and the certificate', async ({ browser }) => {
  test.setTimeout(240_000);
  const { context, page } = await openAs(browser, 'tom');
  const course = 'Welcome to the company';

  // My learning: the course with Tom's progress.
  await page.goto('/courses');
  await page.getByRole('tab', { name: 'My learning' }).click();
  const card = page.getByRole('article', { name: course });
  await expect(card.getByText('In progress')).toBeVisible();
  await expect(card.getByRole('progressbar', { name: `Progress of ${course}` })).toBeVisible();
  await shot(page, 'learning-my-learning-desktop-light');
  await page.setViewportSize(PHONE);
  await expect(card).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'learning-my-learning-phone-light');
  await page.setViewportSize({ width: 1280, height: 860 });

  // Continue opens the first lesson he has not learned; he learns it and the next one.
  await card.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'How we work together' })).toBeVisible();
  await shot(page, 'learning-lesson-desktop-light');
  await expectAccessible(page, 'a lesson');
  await setTheme(page, 'dark');
  await shot(page, 'learning-lesson-desktop-dark');
  await setTheme(page, 'light');
  await markLearned(page);
  await page.getByRole('link', { name: 'Next: Where to find things' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Where to find things' })).toBeVisible();
  await markLearned(page);
  await page.getByRole('link', { name: 'Next: Final check' }).click();

  // The test: started, every question answered right, finished.
  await expect(page.getByRole('heading', { level: 1, name: 'Final check' })).toBeVisible();
  await page.getByRole('button', { name: /^(Start the test|Try again|Continue)$/ }).click();
  const questions = Object.keys(WELCOME_ANSWERS);
  for (let n = 1; n <= questions.length; n++) {
    const section = page.getByRole('region', { name: `Question ${n} of ${questions.length}` });
    await expect(section).toBeVisible();
    const text = (await section.textContent()) ?? '';
    const question = questions.find((q) => text.includes(q));
    expect(question, `question ${n} is one of the bank's`).toBeTruthy();
    for (const answer of WELCOME_ANSWERS[question!]) {
      await section.getByLabel(answer, { exact: true }).check();
    }
    await expect(section.getByText('Answer saved')).toBeVisible();
    if (n === 3) {
      await shot(page, 'learning-test-progress-desktop-light');
      await expectAccessible(page, 'a test being taken');
    }
    if (n < questions.length) await page.getByRole('button', { name: 'Next', exact: true }).click();
  }
  await expect(page.getByText(`Answered: ${questions.length} of ${questions.length}`).first()).toBeVisible();
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByText('Test passed')).toBeVisible();
  await expect(page.getByLabel('Score: 100%')).toBeVisible();
  await shot(page, 'learning-test-result-desktop-light');
  await expectAccessible(page, 'the result of a test');

  // Back on the course: everything done, the course learned, and the certificate is a PDF.
  await page.getByRole('link', { name: 'Back to course' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: course })).toBeVisible();
  const content = page.getByRole('list', { name: 'Course content' });
  await expect(content.getByLabel('Done')).toHaveCount(4);
  await expect(content.getByLabel('Not done yet')).toHaveCount(0);
  const certificate = page.getByRole('button', { name: `Download the certificate of ${course}` });
  await expect(certificate).toBeVisible();
  const downloading = page.waitForEvent('download');
  await certificate.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  expect(await firstBytes(download, 4)).toBe('%PDF');
  await context.close();
});

test('learning analytics and the LMS administrators', async ({ browser }) => {
  test.setTimeout(240_000);
  const { context, page } = await openAs(browser, 'admin');

  // The figures, the charts and the overdue learners.
  await page.goto('/courses/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Learning analytics' })).toBeVisible();
  await expect(page.getByText('Average score').first()).toBeVisible();
  await expect(page.getByText('Starts and completions by month')).toBeVisible();
  await expect(page.getByText('Learners by status')).toBeVisible();
  const overdue = page.getByRole('link', { name: /^(Omar Haddad|Elena Popescu)$/ }).first();
  await expect(overdue).toBeVisible();
  await shot(page, 'learning-analytics-desktop-light');
  await setTheme(page, 'dark');
  await shot(page, 'learning-analytics-desktop-dark');
  await setTheme(page, 'light');

  // The Excel export.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export to Excel' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  expect(await firstBytes(download, 2)).toBe('PK');

  // One person's analytics: their name heads the page, with their courses.
  const name = (await overdue.textContent()) ?? '';
  await overdue.click();
  await expect(page).toHaveURL(/\/courses\/analytics\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeInViewport();
  await expect(page.getByRole('heading', { name: 'Their courses' })).toBeVisible();
  await expect(page.getByText('Information security basics').first()).toBeVisible();
  await shot(page, 'learning-analytics-person-desktop-light');
  await page.setViewportSize(PHONE);
  await page.goto('/courses/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Learning analytics' })).toBeVisible();
  await expect(page.getByText('Learners by status')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'learning-analytics-phone-light');
  await page.setViewportSize({ width: 1280, height: 860 });

  // Lukas becomes an LMS administrator, and may then create courses.
  await page.goto('/courses/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Learning settings' })).toBeVisible();
  const admins = page.getByRole('combobox', { name: 'LMS administrators' });
  await admins.click();
  await admins.pressSequentially('Luk');
  await page.getByRole('option', { name: /Lukas Schmidt/ }).click();
  await page.getByRole('heading', { level: 1, name: 'Learning settings' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The LMS administrators are saved')).toBeVisible();
  await shot(page, 'learning-settings-desktop-light');

  const lukas = await openAs(browser, 'lukas');
  await lukas.page.goto('/courses');
  await expect(lukas.page.getByRole('heading', { level: 1, name: 'Learning' })).toBeVisible();
  await expect(lukas.page.getByRole('link', { name: 'New course' })).toBeVisible();
  await expect(lukas.page.getByRole('tab', { name: 'Manage' })).toBeVisible();
  await lukas.context.close();
  await context.close();
});
