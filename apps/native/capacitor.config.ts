import type { CapacitorConfig } from '@capacitor/cli';

// The native shell (issue #23): the web app's build (staged in www/ by stage-web.mjs), served
// from the app bundle, in Android and iOS projects (android/, ios/). `npm run native:sync`
// builds the web app, stages it and copies it in.
const config: CapacitorConfig = {
  appId: 'app.lesefuchs',
  appName: 'Lesefuchs',
  webDir: 'www',
  // The app's pages come from the bundle at https://localhost (Android) and
  // capacitor://localhost (iOS); the server it talks to is set when the web app is built.
  server: { androidScheme: 'https' },
  android: { backgroundColor: '#fffaf3' },
  // The page starts below the status bar on both (Android's does not overlay the page); the
  // bottom navigation keeps clear of the home indicator with the safe-area inset.
  ios: { backgroundColor: '#fffaf3', contentInset: 'automatic' },
};

export default config;
