import type { Locator, Page, Route } from 'playwright-core';

/** A dialog, as `page.getByRole('dialog', { name })` finds it. */
export type Dialog = Locator;

/** A row's menu button, named for its row ('Actions for T-124'). */
export const ROW_MENU = /^Actions for /;

/** antd's open row menu; the menus it opened before stay in the page, hidden once they have faded out. */
const OPEN_MENU = '.ant-dropdown:not(.ant-dropdown-hidden)';

/** The question a dialog with changes asks before it closes (packages/ui ResourceFormModal's DISCARD_TEXTS). */
export const discardQuestion = (page: Page) => page.locator('.ant-modal-confirm').filter({ hasText: 'Discard changes?' });

/**
 * Answers the 'Discard changes?' question with `button` ('Discard' or 'Keep editing') when it is asked, and waits until
 * it is gone (the page's actions wait for it to be fully open first: browser.ts waitForDialogsToSettle).
 */
export async function answerDiscardQuestion(page: Page, button: 'Discard' | 'Keep editing') {
  const question = discardQuestion(page).filter({ visible: true });
  if (!(await question.count())) return;
  await question.first().getByRole('button', { name: button }).click();
  await question.first().waitFor({ state: 'hidden' });
}

/**
 * Answers 'Discard' when closing `dialog` asks, until the dialog is gone. Looked at again and again: the question of an
 * earlier close may still be fading out when this one's is not yet there (a busy machine), and is no answer to it.
 */
async function discardIfAsked(dialog: Dialog) {
  const discard = discardQuestion(dialog.page()).filter({ visible: true }).getByRole('button', { name: 'Discard' });
  const deadline = Date.now() + 30_000;
  while (await dialog.isVisible()) {
    if (Date.now() > deadline) throw new Error('The dialog did not close within 30 s');
    if (await discard.count()) await discard.first().click({ timeout: 1000 }).catch(() => undefined);
    else await dialog.waitFor({ state: 'hidden', timeout: 250 }).catch(() => undefined);
  }
}

/**
 * What a person does and reads on a screen, on a test file's page. `current` is read at each step: the files open
 * their page in beforeAll, after these are made.
 */
export function screenSteps(current: () => Page) {
  const row = (text: string, on: Page = current()) => on.getByRole('row').filter({ hasText: text });

  /** Waits until no choice list is open (or still fading out: one closing still matches). */
  async function choicesClosed() {
    const open = current().locator('.ant-select-dropdown:visible');
    while ((await open.count()) > 0) await open.first().waitFor({ state: 'hidden' }).catch(() => undefined);
  }

  return {
    main: () => current().getByRole('main'),
    /** Opens a screen from the main menu: the Dashboard links what needs attention to Drivers, Safety or Maintenance too. */
    navigate: (name: string) => current().getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click(),
    row,
    tab: (name: string) => current().getByRole('tab', { name }),
    /** Any notification, or the ones that say `text`. */
    toast: (text?: string) => {
      const notices = current().locator('.ant-notification-notice');
      return text === undefined ? notices : notices.filter({ hasText: text });
    },
    errorToast: (text: string) => current().locator('.ant-notification-notice').filter({ hasText: 'Error' }).filter({ hasText: text }),
    successToast: (title: string) => current().locator('.ant-notification-notice-success').filter({ hasText: title }),
    /** A dialog's submit button, by how its name ends (antd may keep an invisible 'loading' icon in it after a save). */
    submit: (dialog: Dialog, name: string) => dialog.getByRole('button', { name: new RegExp(`(^| )${name}$`) }),

    /**
     * check() on the screen as it is with no rows: the API answers these lists empty (the page reloaded before and
     * after). The test files share one system, several at a time, so no list is empty by itself.
     */
    async withNoRows(resources: string[], check: () => Promise<void>) {
      const page = current();
      const listed = (url: URL) => resources.some((resource) => url.pathname === `/api/${resource}`);
      const answerEmpty = (route: Route) => (route.request().method() === 'GET' ? route.fulfill({ json: [] }) : route.continue());
      await page.route(listed, answerEmpty);
      try {
        await page.reload();
        await check();
      } finally {
        await page.unroute(listed, answerEmpty);
        await page.reload();
      }
    },

    /**
     * From now on the page is shown only the rows of `resource` that `ours` keeps: for a screen that shows the whole
     * system's (every truck's last position, what needs attention first), which the other files change meanwhile.
     */
    async showOnly<T>(resource: string, ours: (row: T) => boolean) {
      await current().route(
        (url) => url.pathname === `/api/${resource}`,
        async (route) => {
          const response = await route.fetch();
          await route.fulfill({ response, json: ((await response.json()) as T[]).filter(ours) });
        },
      );
    },

    async openRowMenu(text: string, item: string) {
      const page = current();
      // A menu still fading out would take the click meant for the new one.
      await page.waitForFunction((selector) => !document.querySelector(selector), OPEN_MENU);
      await row(text).getByRole('button', { name: ROW_MENU }).click();
      await page.locator(OPEN_MENU).getByRole('menuitem', { name: item }).click();
    },

    /** What a row's menu offers, read with the menu open, which is then closed. */
    async rowMenuItems(text: string) {
      const page = current();
      await page.waitForFunction((selector) => !document.querySelector(selector), OPEN_MENU);
      await row(text).getByRole('button', { name: ROW_MENU }).click();
      const items = await page.locator(OPEN_MENU).getByRole('menuitem').allInnerTexts();
      await page.keyboard.press('Escape');
      return items.map((item) => item.trim());
    },

    /**
     * Closes a dialog with its Cancel button, discarding what was typed when it asks ('Discard changes?'), and waits
     * until it is gone.
     */
    async cancel(dialog: Dialog) {
      // A question left open (a test that failed while it was asked) would take the click meant for Cancel.
      await answerDiscardQuestion(dialog.page(), 'Discard');
      if (!(await dialog.isVisible())) return;
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await discardIfAsked(dialog);
    },

    /** Picks a choice of an antd Select by typing part of its label, and waits for its list to close. */
    async choose(dialog: Dialog, label: string, search: string) {
      const page = current();
      await dialog.getByLabel(label, { exact: true }).fill(search);
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: search }).first().waitFor();
      await page.keyboard.press('Enter');
      await choicesClosed();
    },
    choicesClosed,

    /** Types a day into a date field and leaves it, as the date inputs take it (YYYY-MM-DD). */
    async fillDay(dialog: Dialog, label: string, day: string) {
      await dialog.getByLabel(label, { exact: true }).fill(day);
      await current().keyboard.press('Tab');
    },
  };
}

/** The API as the signed-in page calls it (its cookie, and the Origin header the gateway asks of a change). */
export function apiSteps(current: () => Page) {
  const origin = () => ({ origin: new URL(current().url()).origin });
  return {
    origin,
    getList: async <T>(resource: string, on: Page = current()): Promise<T[]> => (await on.request.get(`/api/${resource}`)).json() as Promise<T[]>,
    async post<T = { id: string }>(resource: string, body: object): Promise<T> {
      const response = await current().request.post(`/api/${resource}`, { data: body, headers: origin() });
      if (!response.ok()) throw new Error(`POST /api/${resource}: ${response.status()} ${await response.text()}`);
      return response.json() as Promise<T>;
    },
    remove: (resource: string, id: string) => current().request.delete(`/api/${resource}/${id}`, { headers: origin() }),
  };
}

/** A calendar day `days` from today, as the date inputs take it. */
export const dayFromToday = (days: number) => {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};
