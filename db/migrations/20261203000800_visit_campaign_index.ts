import type { Knex } from 'knex';

// What each newsletter brought: the dashboard sums the page views of a few campaigns
// (visit_daily.campaign, the utm_campaign a link named) at every load. An index of the rows that
// name a campaign (most name none), so that sum does not read the whole table.
export async function up(knex: Knex): Promise<void> {
  await knex.raw("create index visit_daily_campaign_index on visit_daily (campaign) where campaign <> ''");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists visit_daily_campaign_index');
}
