import { ErrorBoundary, LocationProvider, Route, Router, lazy, useLocation, useRoute } from 'preact-iso';
import { LANGS, setLang, lang, useT } from './i18n/index.js';
import { Lobby } from './screens/Lobby.js';
import { Table } from './screens/Table.js';

// Screens beyond the lobby and the table load on demand: the first page stays small.
const Replay = lazy(() => import('./screens/Replay.js').then((m) => m.Replay));
const TournamentPlayer = lazy(() => import('./screens/Tournament.js').then((m) => m.TournamentPlayer));
const Tournaments = lazy(() => import('./screens/Tournament.js').then((m) => m.Tournaments));
const Organiser = lazy(() => import('./screens/Organiser.js').then((m) => m.Organiser));
const OrganiserConsole = lazy(() => import('./screens/Organiser.js').then((m) => m.OrganiserConsole));
const Projector = lazy(() => import('./screens/Projector.js').then((m) => m.Projector));

function TableRoute() {
  const { params } = useRoute();
  return <Table id={params.id ?? ''} />;
}
function WatchRoute() {
  const { params } = useRoute();
  return <Table id={params.id ?? ''} watch />;
}
function ReplayRoute() {
  const { params } = useRoute();
  return <Replay id={params.id ?? ''} deal={Number(params.deal)} />;
}
function NotFound() {
  const t = useT();
  return (
    <main id="main">
      <h1>404</h1>
      <p>
        <a href="/">{t('nav.lobby')}</a>
      </p>
    </main>
  );
}

function Shell() {
  const t = useT();
  const { path } = useLocation();
  if (path.endsWith('/projector')) return null;
  return (
    <header class="top">
      <a class="skip" href="#main">
        {t('app.skip')}
      </a>
      <a class="brand" href="/">
        ♣ {t('app.title')}
      </a>
      <nav aria-label={t('app.nav')}>
        <a href="/">{t('nav.lobby')}</a>
        <a href="/tournaments">{t('nav.tournaments')}</a>
        <a href="/organiser">{t('nav.organiser')}</a>
      </nav>
      <div role="group" aria-label={t('app.language')} class="langs">
        {LANGS.map((l) => (
          <button key={l} type="button" lang={l} aria-pressed={lang() === l} onClick={() => setLang(l)}>
            {l === 'de' ? 'Deutsch' : 'English'}
          </button>
        ))}
      </div>
    </header>
  );
}

export function App() {
  return (
    <LocationProvider>
      <Shell />
      <ErrorBoundary>
        <Router>
          <Route path="/" component={Lobby} />
          <Route path="/table/:id" component={TableRoute} />
          <Route path="/table/:id/watch" component={WatchRoute} />
          <Route path="/table/:id/deal/:deal" component={ReplayRoute} />
          <Route path="/tournaments" component={Tournaments} />
          <Route path="/tournament/:id" component={TournamentPlayer} />
          <Route path="/tournament/:id/projector" component={Projector} />
          <Route path="/organiser" component={Organiser} />
          <Route path="/organiser/:id" component={OrganiserConsole} />
          <Route default component={NotFound} />
        </Router>
      </ErrorBoundary>
    </LocationProvider>
  );
}
