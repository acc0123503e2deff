import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ANIMATION_MS, MESSAGE_COUNT, MESSAGE_MS, badgeFor, counterLabel, messageIndex, showsConfetti } from '../../views/components/logo-easter-egg';
import { SLIDE_COUNT, SLIDE_MS, TICK_MS, nextSlide } from '../../views/components/hero-slideshow';
import { toastKeyFor } from '../../views/components/newsletter-form';
import { HOME_BIO_CHARS, shortBio } from '../../controllers/home';
import en from '../../locales/en.json' with { type: 'json' };

test('easter egg: one message per click, capped at the last message', () => {
  assert.equal(messageIndex(1), 0);
  assert.equal(messageIndex(MESSAGE_COUNT), MESSAGE_COUNT - 1);
  assert.equal(messageIndex(500), MESSAGE_COUNT - 1);
  assert.equal(Object.keys(en.easterEgg.messages).length, MESSAGE_COUNT);
  assert.equal(MESSAGE_MS, 3000);
  assert.equal(ANIMATION_MS, 800);
});

test('easter egg: badges at 10, 25 and 50+, counter 99+ above 99, confetti from certain counts', () => {
  assert.equal(badgeFor(9), null);
  assert.equal(badgeFor(10), 'explorer');
  assert.equal(badgeFor(25), 'superFan');
  assert.equal(badgeFor(50), 'legend');
  assert.equal(badgeFor(120), 'legend');
  assert.equal(counterLabel(99), '99');
  assert.equal(counterLabel(100), '99+');
  assert.ok(!showsConfetti(1));
  assert.ok(showsConfetti(5));
  assert.ok(showsConfetti(10));
});

test('hero: six slides, 6 s each, ticking every 10 ms, cycling back to the first', () => {
  assert.equal(SLIDE_COUNT, 6);
  assert.equal(SLIDE_MS, 6000);
  assert.equal(TICK_MS, 10);
  assert.deepEqual([0, 1, 2, 3, 4, 5].map(nextSlide), [1, 2, 3, 4, 5, 0]);
});

test('each newsletter status has its toast; anything else is treated as pending', () => {
  assert.equal(toastKeyFor('already_subscribed'), 'alreadySubscribed');
  assert.equal(toastKeyFor('immediately_subscribed'), 'subscribed');
  assert.equal(toastKeyFor('resubscribed_pending'), 'resubscribed');
  assert.equal(toastKeyFor('pending_confirmation'), 'pending');
  assert.equal(toastKeyFor('weird'), 'pending');
});

test('home page biographies: whole sentences while they fit, else whole words and an ellipsis', () => {
  assert.equal(HOME_BIO_CHARS, 160);
  assert.equal(shortBio('  Short and sweet.  '), 'Short and sweet.');
  const two = 'Tendai grew up in Mwenezi Ward 3 and trained as a teacher before she joined us in 2019. She coordinates all programmes on the ground, from the Tariro Nook to the gardens.';
  assert.equal(shortBio(two), 'Tendai grew up in Mwenezi Ward 3 and trained as a teacher before she joined us in 2019.');
  const three = 'She keeps the books. She answers donors. She also drives the truck to Masvingo every month, with the medicine order and the seed deliveries for all the gardens in the ward.';
  assert.equal(shortBio(three), 'She keeps the books. She answers donors.');
  // An abbreviation is no sentence: the words that fit instead, never a lone "Dr.".
  const dr = 'Dr. Ruth was born in Masvingo Province and has lived in Switzerland for twenty years, where she works as a physician at the cantonal hospital and in a practice near the lake.';
  const cut = shortBio(dr);
  assert.ok(cut.startsWith('Dr. Ruth was born') && cut.endsWith('…') && cut.length <= 161, cut);
  assert.ok(dr.startsWith(cut.slice(0, -1)), 'cut at a word boundary');
  assert.ok(!/[\s,]…$/.test(cut));
  // One endless word is cut where it must be.
  assert.equal(shortBio('x'.repeat(400)), `${'x'.repeat(160)}…`);
});
