import { fetchCurrentUser } from './auth/current-user.js';

// The sign-in status is asked for at once, while React loads behind the async boundary (where the shared
// singletons, react and the rest, are negotiated before any of them is used).
const currentUser = fetchCurrentUser();
void import('./bootstrap.js').then(({ renderApp }) => renderApp(currentUser));
