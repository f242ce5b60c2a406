// Every migration, in the order it runs. Add a new file here when you add one.
import type { Migration } from 'kysely';
import * as m0001 from './0001_platform';
import * as m0002 from './0002_files';
import * as m0003 from './0003_identity';
import * as m0004 from './0004_mail_outbox';
import * as m0005 from './0005_login_security';
import * as m0006 from './0006_notifications';
import * as m0007 from './0007_shell_settings';
import * as m0008 from './0008_onboarding';
import * as m0009 from './0009_access_requests';
import * as m0010 from './0010_realtime';
import * as m0011 from './0011_people';
import * as m0012 from './0012_audit_target';
import * as m0013 from './0013_leave';
import * as m0014 from './0014_login_throttle';
import * as m0015 from './0015_email_change';
import * as m0016 from './0016_admin_reach';
import * as m0017 from './0017_app_login';
import * as m0018 from './0018_mail_secrets';
import * as m0019 from './0019_expenses';
import * as m0020 from './0020_overtime';
import * as m0021 from './0021_payroll';
import * as m0022 from './0022_tasks';
import * as m0023 from './0023_incidents';
import * as m0024 from './0024_notices';
import * as m0025 from './0025_articles';
import * as m0026 from './0026_documents';
import * as m0027 from './0027_rotas';
import * as m0028 from './0028_reports';
import * as m0029 from './0029_push_subscriptions';
import * as m0030 from './0030_read_versions';
import * as m0031 from './0031_companies';
import * as m0032 from './0032_chat';
import * as m0033 from './0033_data_protection';
import * as m0034 from './0034_push_outbox';
import * as m0035 from './0035_working_days';
import * as m0036 from './0036_more_versioned_reads';
import * as m0037 from './0037_sign_up';
import * as m0038 from './0038_people_import';
import * as m0039 from './0039_resolve_stale_todos';
import * as m0042 from './0042_company_hold_sessions';
import * as m0043 from './0043_mixed_claims_and_template_signers';
import * as m0045 from './0045_average_weekly_earnings';
import * as m0047 from './0047_authenticator_apps';
import * as m0048 from './0048_passkeys';
import * as m0052 from './0052_time_clock';
import * as m0054 from './0054_holiday_pay';
import * as m0055 from './0055_time_clock_kiosks';
import * as m0057 from './0057_clock_overtime_and_accrual';
import * as m0058 from './0058_list_read_versions';
import * as m0059 from './0059_role_permission_versions';
import * as m0056 from './0056_time_clock_locations';
import * as m0049 from './0049_company_sign_in';

export const migrations: Record<string, Migration> = {
  '0001_platform': m0001,
  '0002_files': m0002,
  '0003_identity': m0003,
  '0004_mail_outbox': m0004,
  '0005_login_security': m0005,
  '0006_notifications': m0006,
  '0007_shell_settings': m0007,
  '0008_onboarding': m0008,
  '0009_access_requests': m0009,
  '0010_realtime': m0010,
  '0011_people': m0011,
  '0012_audit_target': m0012,
  '0013_leave': m0013,
  '0014_login_throttle': m0014,
  '0015_email_change': m0015,
  '0016_admin_reach': m0016,
  '0017_app_login': m0017,
  '0018_mail_secrets': m0018,
  '0019_expenses': m0019,
  '0020_overtime': m0020,
  '0021_payroll': m0021,
  '0022_tasks': m0022,
  '0023_incidents': m0023,
  '0024_notices': m0024,
  '0025_articles': m0025,
  '0026_documents': m0026,
  '0027_rotas': m0027,
  '0028_reports': m0028,
  '0029_push_subscriptions': m0029,
  '0030_read_versions': m0030,
  '0031_companies': m0031,
  '0032_chat': m0032,
  '0033_data_protection': m0033,
  '0034_push_outbox': m0034,
  '0035_working_days': m0035,
  '0036_more_versioned_reads': m0036,
  '0037_sign_up': m0037,
  '0038_people_import': m0038,
  '0039_resolve_stale_todos': m0039,
  '0042_company_hold_sessions': m0042,
  '0043_mixed_claims_and_template_signers': m0043,
  '0045_average_weekly_earnings': m0045,
  '0047_authenticator_apps': m0047,
  '0048_passkeys': m0048,
  '0052_time_clock': m0052,
  '0054_holiday_pay': m0054,
  '0055_time_clock_kiosks': m0055,
  '0057_clock_overtime_and_accrual': m0057,
  '0058_list_read_versions': m0058,
  '0059_role_permission_versions': m0059,
  '0056_time_clock_locations': m0056,
  '0049_company_sign_in': m0049,
};
