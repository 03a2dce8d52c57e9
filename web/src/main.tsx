import { render } from 'preact';
import { loadConfig } from './api.js';
import { App } from './app.js';
import './i18n/index.js';
import './style.css';

void loadConfig().then(() => render(<App />, document.getElementById('app') as HTMLElement));
