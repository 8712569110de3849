-- The privacy notice at /privacy (Data Protection Act 2019, s. 29; docs/privacy.md), for shops made
-- before it was part of the seed: the owner edits it like the other pages. The contact address is the
-- shop's saved email, else the default one; a shop that already has a 'privacy' page keeps its own.
INSERT INTO "page_content" ("slug", "title", "content", "meta_description", "published")
SELECT 'privacy', 'Privacy Notice', replace($notice$<h2>Who we are</h2>
<p>Lake Victoria Aquaculture sells fresh fish and chicken online in Nairobi. We are the data controller for the personal data you give us on this shop. This notice explains what we collect, why, for how long, who processes it for us and how you use your rights under Kenya's Data Protection Act, 2019.</p>
<h2>What we collect and why</h2>
<ul>
<li><strong>Your account:</strong> your name, email address and phone number, and a password (stored only as a hash) or your Google sign-in, so you can sign in and see your orders.</li>
<li><strong>Your orders:</strong> the products, your delivery address and directions, your phone number for the rider, and, if you ask for a business invoice, your KRA PIN and business name, so we can deliver your order and issue its tax invoice.</li>
<li><strong>Payments:</strong> the payment's reference and status. Card and M-Pesa details are handled by the payment providers below; we never see your card number or M-Pesa PIN.</li>
<li><strong>Messages:</strong> the SMS and emails we send you about your orders and sign-in codes, and the messages you send us.</li>
<li><strong>Your choices:</strong> your consent to order SMS, cart reminders and our newsletter, and when you gave or withdrew it.</li>
<li><strong>Security:</strong> sign-in sessions, the devices you signed in from and failed sign-in attempts, to keep your account safe.</li>
</ul>
<h2>How long we keep it</h2>
<ul>
<li>Sign-in codes and links: deleted a day after they expire. Sessions: deleted 30 days after they end.</li>
<li>Records of SMS and emails sent to you: 180 days. A cart you leave untouched: 90 days.</li>
<li>Back-office records of who changed what: the personal details in them are removed after 2 years.</li>
<li>Orders and their tax invoices: kept for 5 years, as Kenya's Tax Procedures Act requires. If you delete your account, your orders keep only the order number, products, amounts and tax invoice (and your KRA PIN and business name where a business invoice was issued); your name, phone, email and address on them are removed.</li>
<li>Everything else in your account: until you delete it.</li>
</ul>
<h2>Who processes it for us</h2>
<ul>
<li><strong>Pesapal</strong> takes card and M-Pesa payments.</li>
<li><strong>Safaricom</strong> sends the M-Pesa payment request to your phone where we use M-Pesa Express.</li>
<li><strong>Africa's Talking</strong> delivers our SMS (order updates and sign-in codes).</li>
<li><strong>Google</strong> signs you in if you choose 'Continue with Google'.</li>
<li><strong>Kenya Revenue Authority (KRA)</strong> receives each tax invoice through eTIMS, as the law requires.</li>
</ul>
<p>We do not sell your personal data, and we share it with no one else unless the law requires it.</p>
<h2>Your rights</h2>
<p>You have the right to be told how your data is used, to see it, to have it corrected, to download it, to have it deleted, to object to its use and to withdraw your consent at any time.</p>
<ul>
<li><strong>See and correct:</strong> your details are on your <a href="/profile">profile</a>, where 'Edit' corrects them.</li>
<li><strong>Download:</strong> ask us at the address below, or use the download button on your profile where the shop offers it.</li>
<li><strong>Delete:</strong> 'Delete my account' on your profile erases your account at once (an order still on its way must be delivered or cancelled first).</li>
<li><strong>Withdraw consent:</strong> turn off SMS updates and cart reminders on your profile (each cart reminder also carries a link that stops them); to leave our newsletter, email us.</li>
<li><strong>Complain:</strong> if you are not happy with how we handle your data, you can complain to the Office of the Data Protection Commissioner (<a href="https://www.odpc.go.ke">www.odpc.go.ke</a>).</li>
</ul>
<h2>Contact us</h2>
<p>For any question about your personal data, email us at <a href="mailto:{{email}}">{{email}}</a> or use the phone number and address on our <a href="/contact">Contact page</a>.</p>$notice$, '{{email}}', d.email),
  'What personal data Lake Victoria Aquaculture collects, why, for how long, who processes it and how to use your rights.', true
FROM (
  SELECT coalesce(nullif(s."value"->>'email', ''), 'info@lakevictoriaaquaculture.com') AS email
  FROM (SELECT 1) AS one LEFT JOIN "app_settings" s ON s."key" = 'shop_details'
) AS d
ON CONFLICT ("slug") DO NOTHING;
