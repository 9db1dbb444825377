/**
 * The one inline script of every page (build/prerender.ts builds it on its own as a classic script
 * and writes it into `<head>`, allowed by its hash): it keeps the taps made before the app is
 * interactive (./early-taps.ts) and asks for the app's scripts once the page has painted
 * (./preload-app.ts). Both must run before a shopper can tap, whatever the network, so neither can
 * wait for a file.
 */
import './early-taps';
import './preload-app';
