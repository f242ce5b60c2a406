// GET /api/version: the API's version (the shell's bottom line) and the operator's mobile app
// store pages (the badges at the foot of the side menu), null when not configured.
export type VersionResponse = { version: string; app_store_url: string | null; play_store_url: string | null };
