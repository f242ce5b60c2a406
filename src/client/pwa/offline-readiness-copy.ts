// What the device says about being ready to work offline (src/client/pwa/offline-readiness.ts).
export const READY_TO_WORK_OFFLINE = 'Ready to work offline';
export const NOT_READY_OFFLINE = 'Not ready offline';
export const GETTING_READY_OFFLINE = 'Getting ready to work offline…';
