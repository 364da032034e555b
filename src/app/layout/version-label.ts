/**
 * Spec §1 and §9, DESIGN.md: 'v1.0.33 PROD' in a production build, 'v1.0.33 DEV' otherwise, and DEV
 * whenever the server has the development sign-in mounted (it writes this meta into the page:
 * server/http/spa-index.ts), whatever the build.
 */
export function versionLabelFor(version: string, productionBuild: boolean, devSignIn: boolean): string {
  return `v${version} ${productionBuild && !devSignIn ? 'PROD' : 'DEV'}`;
}

const devSignInMounted = typeof document !== 'undefined' && document.querySelector('meta[name="dev-sign-in"]') !== null;

export const versionLabel = versionLabelFor(__APP_VERSION__, import.meta.env.PROD, devSignInMounted);
