/**
 * The non-JSON pages a client of the game's API meets in the wild, served by the simulator on
 * request: a Cloudflare-like browser challenge, a block page, a rate-limit page and a server error.
 */

/** The "Just a moment..." challenge page answered with HTTP 200 instead of JSON. */
export const CHALLENGE_PAGE = `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title>
<meta http-equiv="Content-Type" content="text/html; charset=UTF-8"><meta name="robots" content="noindex,nofollow">
<meta name="viewport" content="width=device-width,initial-scale=1"></head>
<body><div class="main-wrapper" role="main"><div class="main-content">
<h1 class="zone-name-title h1">www.nitrotype.com</h1>
<h2 class="h2" id="challenge-running">Checking if the site connection is secure</h2>
<noscript><div class="h2">Enable JavaScript and cookies to continue</div></noscript>
<div id="challenge-body-text" class="core-msg spacer">www.nitrotype.com needs to review the security of your connection before proceeding.</div>
</div></div><script>(function(){window._cf_chl_opt={cvId:'3',cType:'managed'};}());</script></body></html>
`;

/** Cloudflare's "Sorry, you have been blocked" page (HTTP 403). */
export const BLOCKED_PAGE = `<!DOCTYPE html><html lang="en-US"><head><title>Attention Required! | Cloudflare</title>
<meta charset="UTF-8"></head><body><div id="cf-wrapper"><div id="cf-error-details">
<h1 data-translate="block_headline">Sorry, you have been blocked</h1>
<h2>You are unable to access nitrotype.com</h2>
<p>This website is using a security service to protect itself from online attacks.</p>
</div></div></body></html>
`;

/** Cloudflare's error 1015 page (HTTP 429). */
export const RATE_LIMITED_PAGE = `<!DOCTYPE html><html lang="en-US"><head><title>Access denied | www.nitrotype.com used Cloudflare to restrict access</title>
<meta charset="UTF-8"></head><body><div id="cf-wrapper"><div id="cf-error-details">
<h1><span>Error</span><span>1015</span></h1><h2>You are being rate limited</h2>
<p>The owner of this website (www.nitrotype.com) has banned you temporarily from accessing this website.</p>
</div></div></body></html>
`;

/** A bare origin error page (HTTP 500). */
export const SERVER_ERROR_PAGE = `<html><head><title>500 Internal Server Error</title></head>
<body><center><h1>500 Internal Server Error</h1></center><hr><center>nginx</center></body></html>
`;
