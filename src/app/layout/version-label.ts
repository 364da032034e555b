/** Spec §1 and §9: 'v1.0.33 PROD' in a production build, 'v1.0.33 DEV' otherwise. */
export const versionLabel = `v${__APP_VERSION__} ${import.meta.env.PROD ? 'PROD' : 'DEV'}`;
