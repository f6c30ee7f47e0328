/** The client's entry: one page, four routes (/, /m/:id, /admin, /verify). */
import { render } from 'preact';
import { AdminPage } from './admin';
import { HomePage } from './home';
import { MatchPage } from './match';
import { VerifyPage } from './verify-file';
import './styles.css';

function App() {
  const path = location.pathname;
  const m = /^\/m\/([A-Za-z0-9_-]{1,40})\/?$/.exec(path);
  if (m) return <MatchPage id={m[1]!} />;
  if (path === '/admin' || path.startsWith('/admin/')) return <AdminPage />;
  if (path === '/verify' || path === '/verify/') return <VerifyPage />;
  if (path === '/' || path === '/index.html') return <HomePage />;
  return (
    <div class="page narrow">
      <h1>Not found</h1>
      <p>
        There is nothing at this address. <a href="/">Go to the home page.</a>
      </p>
    </div>
  );
}

render(<App />, document.getElementById('app')!);
