import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync'] });
const [,, url, out, w, h, full] = process.argv;
const p = await (await b.newContext({ viewport: { width: +w, height: +h } })).newPage();
await p.goto(url); await p.waitForTimeout(1500);
await p.screenshot({ path: out, fullPage: full === 'full' });
await b.close();
