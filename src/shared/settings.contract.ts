// Company settings, user settings and profile images: the switches other
// modules read (return to work, rota, overtime), each user's e-mail preference and overtime
// allowances, and the picture beside a user's name.
import * as v from 'valibot';
import { requiredTextField, textField } from './validators';

export const COMPANY_SETTINGS_ENDPOINT = '/api/company-settings';
export const USER_SETTINGS_ENDPOINT = '/api/user-settings';

export const settingsPaths = {
  companySettings: (companyId: string) => `/api/company-settings/${encodeURIComponent(companyId)}`,
  /** GET with `?user_id=`, or the user's id as the last segment (GET and PUT). */
  userSettingsList: '/api/user-settings',
  userSettings: (userId: string) => `/api/user-settings/${encodeURIComponent(userId)}`,
  /** POST (multipart, field `file`, optional `is_public`), DELETE, and GET for the bytes with a bearer token. */
  profileImageUpload: (userId: string) => `/api/user-profile-image/${encodeURIComponent(userId)}`,
  /** The profile image's record (or null) of a user. */
  profileImage: (userId: string) => `/api/users/${encodeURIComponent(userId)}/profile-image`,
  /** Public files (profile images marked public) without a session. */
  publicFile: (id: string, name: string) => `/api/public/file/${encodeURIComponent(id)}/${encodeURIComponent(name)}`,
} as const;

/** company settings. Rows that do not exist yet read as these defaults. */
export type CompanySettings = {
  company_id: string;
  return_to_work_enabled: boolean;
  rota_enabled: boolean;
  overtime_enabled: boolean;
  /** The company's details: company name, number and sector_name, and its logo. */
  name: string;
  number: string | null;
  sector_name: string | null;
  logo: { id: string; name: string; created_at: string } | null;
};

// Company details: single-line text; '' clears the optional ones.
const detailText = (max: number) =>
  v.pipe(
    v.nullable(textField({ maxLength: max })),
    v.transform((value) => value || null),
  );

export const UpdateCompanySettingsInputSchema = v.object({
  return_to_work_enabled: v.optional(v.boolean('Field is required.')),
  rota_enabled: v.optional(v.boolean('Field is required.')),
  overtime_enabled: v.optional(v.boolean('Field is required.')),
  name: v.optional(requiredTextField({ maxLength: 200 })),
  number: v.optional(detailText(50)),
  sector_name: v.optional(detailText(100)),
});
export type UpdateCompanySettingsInput = v.InferOutput<typeof UpdateCompanySettingsInputSchema>;

/** A user's settings: the e-mail preference and the overtime settings. */
export type UserSettings = {
  user_id: string;
  email_notifications: boolean;
  allow_payable_overtime: boolean;
  allow_toil_overtime: boolean;
};

/** Only the fields sent change. Overtime allowances are set by someone over the user, never by the user. */
export const UpdateUserSettingsInputSchema = v.object({
  email_notifications: v.optional(v.boolean('Field is required.')),
  allow_payable_overtime: v.optional(v.boolean('Field is required.')),
  allow_toil_overtime: v.optional(v.boolean('Field is required.')),
});
export type UpdateUserSettingsInput = v.InferOutput<typeof UpdateUserSettingsInputSchema>;

export const UserSettingsQuerySchema = v.object({
  user_id: v.pipe(v.string('Field is required.'), v.uuid('This is not a valid user.')),
});

export const OWN_OVERTIME_REFUSED = 'You cannot change your own overtime allowances.';

/** User.profile_image. */
export type ProfileImage = {
  id: string;
  name: string;
  original_name: string;
  created_at: string;
  is_public: boolean;
};

export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** The optional multipart field beside the file: "1"/"true" makes the image public. */
export const ProfileImageFieldsSchema = v.object({
  is_public: v.optional(v.picklist(['0', '1', 'true', 'false'], 'Choose true or false.'), 'false'),
});

export const UpdateProfileImageInputSchema = v.object({ is_public: v.boolean('Field is required.') });

/** Route parameters naming the user whose settings or picture are at stake. */
export type SettingsSubjectInput = { userId: string };
