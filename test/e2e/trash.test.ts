// The Trash screen in Chromium, as a volunteer uses it: a picture deleted on the Media screen is
// found again from the Activity panel's link (the screen opens at the item, which has the focus),
// and restored from there: the picture is back in the library and at its address.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { axeSerious, chooseScreen, currentScreenLink, serverAndBrowserWithUploads, signInAdmin, watchedPage } from '../helpers';

const KEY = 'demo-admin-key-change-me';

describe('the Trash screen in Chromium', () => {
  const e2e = serverAndBrowserWithUploads();

  test('a picture deleted on the Media screen, found from the activity, restored on the Trash screen', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 184, g: 111, b: 20 } } }).png().toBuffer();
    const form = new FormData();
    form.set('category', 'projects');
    form.set('altText', 'A well in the dry season');
    form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'dry-well.png');
    const res = await fetch(`${e2e.srv.url}/api/media`, { method: 'POST', headers: { 'X-Admin-Key': KEY }, body: form });
    assert.equal(res.status, 201, await res.clone().text());
    const file = (await res.json()) as { id: number; url: string };

    const { page, problems, messages } = await watchedPage(e2e.browser);
    await signInAdmin(page, e2e.srv.url, { tab: 'media' });
    await page.getByRole('button', { name: 'Delete: dry-well.png' }).click();
    await page.getByText('Move “dry-well.png” to the trash?').waitFor();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await messages.waitFor('Media deleted', { kind: 'toast' });
    await page.getByRole('heading', { level: 3, name: 'dry-well.png' }).waitFor({ state: 'detached' });
    assert.equal((await fetch(`${e2e.srv.url}${file.url}`)).status, 404, 'gone from the website while in the trash');

    // The Activity panel says it, as a link to the file's place on the Trash screen.
    const entry = page.locator('.activity-list').getByRole('link', { name: 'Demo Admin moved the file “dry-well.png” to the trash' });
    await entry.click();
    await currentScreenLink(page, 'Trash').waitFor();
    await page.waitForFunction((id) => document.activeElement?.id === id, `trash-media-${file.id}`);
    assert.match(page.url(), new RegExp(`/admin/trash\\?kind=media#trash-media-${file.id}$`));
    const item = page.locator(`#trash-media-${file.id}`);
    await item.getByText('30 days left').waitFor();
    await item.getByText('A well in the dry season').waitFor();
    assert.deepEqual(await axeSerious(page), []);

    await item.getByRole('button', { name: 'Restore: dry-well.png' }).click();
    const restored = await messages.waitFor('Restored from the trash.', { kind: 'toast' });
    assert.ok(restored.includes('dry-well.png'), restored);
    await item.waitFor({ state: 'detached' });
    await page.getByText('The trash is empty.').waitFor();
    assert.equal((await fetch(`${e2e.srv.url}${file.url}`)).status, 200, 'back at its address');

    // Back in the library, and the activity says so.
    await chooseScreen(page, 'Media');
    await page.getByRole('heading', { level: 3, name: 'dry-well.png' }).waitFor();
    await page.locator('.activity-list').getByText('Demo Admin brought the file “dry-well.png” back from the trash').waitFor();
    assert.deepEqual(problems, []);
    await page.context().close();
  });
});
