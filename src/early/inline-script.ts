/**
 * The one inline script of every page (build/prerender.ts builds it on its own as a classic script
 * and writes it into `<head>`, allowed by its hash): it keeps the taps made before the app is
 * interactive (./early-taps.ts), and once the page has painted asks for the app's scripts
 * (./preload-app.ts) and links the web app manifest (./link-manifest.ts). It must run before a
 * shopper can tap, whatever the network, so it cannot wait for a file.
 */
import './early-taps';
import './preload-app';
import './link-manifest';
