import type { Knex } from 'knex';
import * as initial from './20261122000000_initial';
import * as outbox from './20261122000100_outbox';
import * as admin from './20261122000200_admin';
import * as newsletter from './20261122000300_newsletter';
import * as donationAudit from './20261122000400_donation_audit';
import * as jobs from './20261123000000_jobs';
import * as newsletterSends from './20261123000100_newsletter_sends';
import * as sharedState from './20261123000200_shared_state';
import * as projectLedger from './20261123000300_project_ledger';
import * as giving from './20261124000000_giving';
import * as certificates from './20261124000100_certificates';
import * as givingCoordination from './20261124000200_giving_coordination';
import * as editing from './20261125000000_editing';
import * as translationAndSpending from './20261126000000_translation_and_spending';
import * as altSavedAt from './20261127000300_alt_saved_at';
import * as glossaryKey from './20261127000400_glossary_key';
import * as auditDetails from './20261128000000_audit_details';
import * as retention from './20261128000100_retention';
import * as privacyRequests from './20261128000200_privacy_requests';
import * as adminPeople from './20261128000300_admin_people';
import * as giftOptions from './20261129000000_gift_options';
import * as tributes from './20261129000100_tributes';
import * as bankImports from './20261129000200_bank_imports';
import * as projectFollowers from './20261129000300_project_followers';
import * as fundraisers from './20261129000400_fundraisers';
import * as visits from './20261129000500_visits';
import * as impactReports from './20261129000600_impact_reports';
import * as mediaTrash from './20261130000000_media_trash';
import * as books from './20261202000000_books';
import * as bankStatements from './20261202000100_bank_statements';
import * as regularIntervals from './20261203000000_regular_intervals';
import * as regularGiftHealth from './20261203000200_regular_gift_health';
import * as yearlyAppeal from './20261203000300_yearly_appeal';
import * as failureWrittenOff from './20261203000400_failure_written_off';
import * as mailSuppression from './20261203000600_mail_suppression';
import * as visitCampaignIndex from './20261203000800_visit_campaign_index';
import * as altDeDraft from './20261203000900_alt_de_draft';
import * as mailWebhookTokens from './20261203001000_mail_webhook_tokens';

// Migrations are listed here (not discovered from the folder) so they load the
// same way under tsx, esbuild and the test runner. Add new ones at the end.
const migrations: Record<string, Knex.Migration> = {
  '20261122000000_initial': initial,
  '20261122000100_outbox': outbox,
  '20261122000200_admin': admin,
  '20261122000300_newsletter': newsletter,
  '20261122000400_donation_audit': donationAudit,
  '20261123000000_jobs': jobs,
  '20261123000100_newsletter_sends': newsletterSends,
  '20261123000200_shared_state': sharedState,
  '20261123000300_project_ledger': projectLedger,
  '20261124000000_giving': giving,
  '20261124000100_certificates': certificates,
  '20261124000200_giving_coordination': givingCoordination,
  '20261125000000_editing': editing,
  '20261126000000_translation_and_spending': translationAndSpending,
  '20261127000300_alt_saved_at': altSavedAt,
  '20261127000400_glossary_key': glossaryKey,
  '20261128000000_audit_details': auditDetails,
  '20261128000100_retention': retention,
  '20261128000200_privacy_requests': privacyRequests,
  '20261128000300_admin_people': adminPeople,
  '20261129000000_gift_options': giftOptions,
  '20261129000100_tributes': tributes,
  '20261129000200_bank_imports': bankImports,
  '20261129000300_project_followers': projectFollowers,
  '20261129000400_fundraisers': fundraisers,
  '20261129000500_visits': visits,
  '20261129000600_impact_reports': impactReports,
  '20261130000000_media_trash': mediaTrash,
  '20261202000000_books': books,
  '20261202000100_bank_statements': bankStatements,
  '20261203000000_regular_intervals': regularIntervals,
  '20261203000200_regular_gift_health': regularGiftHealth,
  '20261203000300_yearly_appeal': yearlyAppeal,
  '20261203000400_failure_written_off': failureWrittenOff,
  '20261203000600_mail_suppression': mailSuppression,
  '20261203000800_visit_campaign_index': visitCampaignIndex,
  '20261203000900_alt_de_draft': altDeDraft,
  '20261203001000_mail_webhook_tokens': mailWebhookTokens,
};

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations),
  getMigrationName: (name) => name,
  getMigration: async (name) => migrations[name]!,
};
