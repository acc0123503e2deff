// Receipts: one mail per applied gift, in the gift's language, with what a Swiss tax return needs;
// sent once even when the job runs twice (or twice at the same time).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AppHandle } from '../../app';
import { testApp, until } from '../helpers';
import { outboxFor } from '../../models/providers/mail';
import { sendReceipt } from '../../controllers/jobs';
import { RECEIPT_TASK } from '../../models/giving/names';

const PUBLIC_URL = 'https://charity.example';

describe('donation receipts', () => {
  let h: AppHandle;
  let project: { id: number; title: string; titleDe: string };
  let seq = 0;

  async function donation(fields: Record<string, unknown>): Promise<number> {
    const [row] = (await h.deps.db('donations').insert(
      { paymentIntentId: `pi_receipt_${++seq}`, status: 'succeeded', kind: 'one_off', appliedAt: '2026-03-05T10:00:00.000Z', ...fields },
      ['id'],
    )) as ({ id: number } | number)[];
    return typeof row === 'object' ? row.id : Number(row);
  }

  before(async () => {
    h = await testApp({ PUBLIC_URL, ORG_LEGAL_NAME: 'Verein Kuvaka Schweiz' });
    project = await h.deps.db('projects').orderBy('id').first('id', 'title', 'titleDe');
  });
  after(async () => h?.close());

  test('in German: amount, date, project, monthly, the charity, the reference, the tax note and the manage link', async () => {
    const id = await donation({ donorEmail: 'anna@example.ch', amountCents: 350000, currency: 'chf', projectId: project.id, language: 'de', kind: 'monthly' });
    await sendReceipt(h.deps, { donationId: id });
    const [mail, ...more] = await outboxFor(h.deps.db, 'anna@example.ch');
    assert.ok(mail);
    assert.equal(more.length, 0);
    const reference = `D-2026-${String(id).padStart(6, '0')}`;
    assert.equal(mail.subject, `Ihre Spendenquittung ${reference} (CHF\u00a03’500.00)`);
    for (const text of [mail.textBody, mail.htmlBody ?? '']) {
      assert.ok(text.includes('CHF\u00a03’500.00'), 'amount with two decimals and Swiss grouping');
      assert.ok(text.includes('5. März 2026'), 'the date in German');
      assert.ok(text.includes(project.titleDe), 'the German project title');
      assert.ok(text.includes('Monatsspende'));
      assert.ok(text.includes('Verein Kuvaka Schweiz'));
      assert.ok(text.includes('Musterstrasse 12') && text.includes('6000 Luzern') && text.includes('Schweiz'));
      assert.ok(text.includes(reference));
      assert.ok(text.includes('in der Schweiz steuerlich abzugsfähig'));
      assert.ok(text.includes('jährliche Spendenbescheinigung'));
      assert.ok(text.includes(`${PUBLIC_URL}/de/donations/manage`));
      assert.ok(!text.includes('ß'));
    }
    assert.match(mail.htmlBody ?? '', /^<!DOCTYPE html>\n<html lang="de">/);
  });

  test('in English: General Support, one-off, US dollars; Switzerland in English', async () => {
    const id = await donation({ donorEmail: 'ben@example.org', amountCents: 2550, currency: 'usd', projectId: null, language: 'en' });
    await sendReceipt(h.deps, { donationId: id });
    const [mail] = await outboxFor(h.deps.db, 'ben@example.org');
    assert.ok(mail);
    assert.match(mail.subject, /^Your donation receipt D-2026-\d{6} \(\$25\.50\)$/);
    for (const line of ['Amount: $25.50', 'Date: March 5, 2026', 'Project: General Support', 'Type: One-off donation', 'Switzerland', 'tax-deductible in Switzerland', 'keep this receipt for your tax return', `Manage my donations: ${PUBLIC_URL}/donations/manage`]) {
      assert.ok(mail.textBody.includes(line), `${line} in:\n${mail.textBody}`);
    }
  });

  test('sent once: the job run twice, and twice at the same time', async () => {
    const id = await donation({ donorEmail: 'carla@example.org', amountCents: 5000, currency: 'eur', language: 'en' });
    await Promise.all([sendReceipt(h.deps, { donationId: id }), sendReceipt(h.deps, { donationId: id })]);
    await sendReceipt(h.deps, { donationId: id });
    assert.equal((await outboxFor(h.deps.db, 'carla@example.org')).length, 1);
    assert.ok((await h.deps.db('donations').where({ id }).first()).receiptSentAt);
  });

  test('no receipt without an address, for a failed or not yet applied gift, or a bad payload', async () => {
    const noAddress = await donation({ amountCents: 5000, currency: 'usd', language: 'en' });
    const failed = await donation({ donorEmail: 'dora@example.org', amountCents: 5000, currency: 'usd', status: 'failed', appliedAt: null });
    const pending = await donation({ donorEmail: 'dora@example.org', amountCents: 5000, currency: 'usd', appliedAt: null });
    for (const donationId of [noAddress, failed, pending, 999999, 'x', -1]) await sendReceipt(h.deps, { donationId });
    await sendReceipt(h.deps, null);
    assert.equal((await outboxFor(h.deps.db, 'dora@example.org')).length, 0);
    assert.equal((await h.deps.db('donations').where({ id: noAddress }).first()).receiptSentAt, null);
  });

  test('the task is registered: queued twice (as a retry would), one mail goes out', async () => {
    const id = await donation({ donorEmail: 'emil@example.org', amountCents: 10000, currency: 'chf', language: 'de' });
    await h.deps.jobs.add(RECEIPT_TASK, { donationId: id }, { key: `donation-receipt-${id}` });
    await until(async () => (await outboxFor(h.deps.db, 'emil@example.org')).length > 0, 'the receipt from the queue');
    await h.deps.jobs.add(RECEIPT_TASK, { donationId: id });
    await h.deps.jobs.idle(20_000);
    const mails = await outboxFor(h.deps.db, 'emil@example.org');
    assert.equal(mails.length, 1);
    assert.match(mails[0]!.subject, /Spendenquittung/);
  });
});
