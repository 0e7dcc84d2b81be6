/** The shell's own build (vite.config.ts defines it from APP_BUILD, else the package version). */
declare const __APP_BUILD__: string | undefined;

export const appBuild: string = typeof __APP_BUILD__ === 'string' ? __APP_BUILD__ : 'dev';
