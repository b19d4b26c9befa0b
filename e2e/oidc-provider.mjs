// A local OpenID Connect provider standing in for Google in the end-to-end tests: it signs in
// one fixed person at once (no consent screen) and issues signed ID tokens for them.
import { OAuth2Server } from 'oauth2-mock-server';

export const GOOGLE_PERSON = {
  sub: 'e2e-google-person',
  email: 'greta.google@example.com',
  name: 'Greta Google',
};

const port = Number(process.argv[2] ?? 3198);
const provider = new OAuth2Server();
await provider.issuer.keys.generate('RS256');
provider.service.on('beforeTokenSigning', (token) => {
  Object.assign(token.payload, { ...GOOGLE_PERSON, email_verified: true });
});
provider.service.on('beforeUserinfo', (response) => {
  response.body = { ...GOOGLE_PERSON, email_verified: true };
});
await provider.start(port, '127.0.0.1');
const stop = () => provider.stop().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
