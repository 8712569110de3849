// Demo data for a fresh shop: the catalogue, blog, information pages and delivery zones of
// Lake Victoria Aquaculture. Inserted once by seedDemoData (./seed) when the catalogue is empty.
//
// Money is given as integer cents (85_000 is KES 850.00); dates are relative to a base date chosen by
// the caller, so tests and screenshots are reproducible.
import { FREE_DELIVERY_THRESHOLD_CENTS, VAT_RATE_BP } from '@/domain/cart-totals';
import type { DeliveryZone } from '@/domain/delivery-fee';
import { DEFAULT_DELIVERY_ZONES, SHOP_ORIGIN, deliveryFeeForDistance } from '@/domain/delivery-fee';
import { formatKES, type Cents } from '@/domain/money';
import type { OptionsInput } from '../features/catalog/product-options.service';

const SHOP = {
  name: 'Lake Victoria Aquaculture',
  email: 'info@lakevictoriaaquaculture.com',
  address: 'Kogo Star Plaza, Ground floor, Nairobi West, off Maimahiu Rd, Nairobi',
  hours: 'Monday to Friday 9:00 AM-6:00 PM, Saturday 9:00 AM-2:00 PM, Sunday closed',
} as const;

type SeedCategory = 'fish' | 'chicken';

export interface SeedProduct {
  name: string;
  slug: string;
  category: SeedCategory;
  price: Cents;
  stock: number;
  featured: boolean;
  /** A rendered illustration under public/, or null to let the shop pick a category fallback. */
  imageUrl: string | null;
  description: string;
  /** Sold by options: its kinds with their values, and the variants sold (price and stock are theirs). */
  options?: OptionsInput;
}

export interface SeedBlogPost {
  slug: string;
  title: string;
  metaDescription: string;
  /** Plain text (no markdown or HTML); paragraphs are separated by one blank line. */
  content: string;
  featuredImage: string | null;
  published: boolean;
  /** created_at is this many days before the base date. */
  daysAgo: number;
}

export interface SeedPage {
  slug: string;
  title: string;
  metaDescription: string;
  /** HTML using only h2, h3, p, ul, li, strong, a, table elements. */
  content: string;
  published: boolean;
}

export interface SeedDeliveryZone {
  name: string;
  minKm: string;
  maxKm: string;
  baseFee: Cents;
  perKmRate: Cents;
  estimatedMinutes: number;
}

const productImage = (name: string): string => `/images/products/${name}-640.webp`;
const blogImage = (name: string): string => `/images/blog/${name}-1200.webp`;
const body = (...paragraphs: string[]): string => paragraphs.join('\n\n');

export const SEED_PRODUCTS: readonly SeedProduct[] = [
  {
    name: 'Fresh Whole Tilapia (1 kg)',
    slug: 'fresh-whole-tilapia',
    category: 'fish',
    price: 65_000,
    stock: 40,
    featured: true,
    imageUrl: productImage('tilapia-whole'),
    description:
      'Nile tilapia raised in our cages on Lake Victoria, harvested to order and brought to Nairobi on ice. ' +
      'Gutted and scaled, usually two medium fish to the kilo, ready to fry whole, grill over charcoal or cook in a wet fry.',
  },
  {
    name: 'Tilapia Fillets (500 g)',
    slug: 'tilapia-fillets',
    category: 'fish',
    price: 85_000,
    stock: 25,
    featured: true,
    imageUrl: productImage('tilapia-fillet'),
    description:
      'Skinless, boneless tilapia fillets cut by hand the morning they are packed. ' +
      'Mild and quick to cook: pan-fry for three minutes a side, bake with lemon and garlic, or use in a fish curry.',
  },
  {
    name: 'Nile Perch Fillets (1 kg)',
    slug: 'nile-perch-fillets',
    category: 'fish',
    price: 145_000,
    stock: 18,
    featured: false,
    imageUrl: productImage('nile-perch-fillet'),
    description:
      'Thick, firm white fillets of Lake Victoria Nile perch with no skin and no pin bones. ' +
      'They hold together in stews and on the grill, and make excellent fish and chips.',
  },
  {
    name: 'Whole Catfish (1 kg)',
    slug: 'whole-catfish',
    category: 'fish',
    price: 55_000,
    stock: 15,
    featured: false,
    imageUrl: productImage('catfish'),
    description:
      'Pond-raised African catfish, cleaned and cut into steaks on request at no extra cost. ' +
      'Rich, meaty flesh with few bones, at its best in a slow tomato and coconut stew.',
  },
  {
    name: 'Smoked Tilapia (2 pieces)',
    slug: 'smoked-tilapia',
    category: 'fish',
    price: 90_000,
    stock: 0,
    featured: false,
    imageUrl: productImage('smoked-tilapia'),
    description:
      'Two whole tilapia slowly smoked over hardwood the traditional lakeside way until golden. ' +
      'Soak for ten minutes, then simmer with onions and tomatoes for a deep, smoky stew.',
  },
  {
    name: 'Omena / Dagaa (500 g)',
    slug: 'omena-dagaa',
    category: 'fish',
    price: 45_000,
    stock: 60,
    featured: false,
    imageUrl: productImage('omena'),
    description:
      'Tiny silver omena from Lake Victoria, sun-dried on raised racks and sorted and cleaned of sand before packing. ' +
      'Eaten whole, bones and all, so every handful is rich in protein and calcium.',
  },
  {
    name: 'Fish Fingers (500 g)',
    slug: 'fish-fingers',
    category: 'fish',
    price: 70_000,
    stock: 30,
    featured: false,
    imageUrl: productImage('fish-fingers'),
    description:
      'Strips of Nile perch in a light golden crumb, frozen straight after breading. ' +
      'Oven-bake or shallow-fry from frozen in about twelve minutes: a favourite for school lunch boxes.',
  },
  {
    name: 'Tilapia Family Pack (3 kg)',
    slug: 'tilapia-family-pack',
    category: 'fish',
    price: 180_000,
    stock: 10,
    featured: false,
    imageUrl: null,
    description:
      'Three kilos of fresh whole tilapia in mixed sizes, gutted and scaled, for family meals and gatherings. ' +
      'Packed in portions of two fish so you can freeze what you will not cook this week.',
  },
  {
    name: 'Whole Broiler Chicken (about 1.5 kg)',
    slug: 'whole-broiler-chicken',
    category: 'chicken',
    price: 75_000,
    stock: 35,
    featured: true,
    imageUrl: productImage('broiler-whole'),
    description:
      'A tender, plump broiler from partner farms near Nairobi, slaughtered and dressed the day before delivery. ' +
      'Roast it whole, or ask us to cut it into eight pieces for frying.',
  },
  {
    name: 'Kienyeji Chicken (whole, about 1.3 kg)',
    slug: 'kienyeji-chicken',
    category: 'chicken',
    price: 150_000,
    stock: 8,
    featured: true,
    imageUrl: productImage('kienyeji-chicken'),
    description:
      'Free-range indigenous chicken that has grown slowly scratching for its food, full of flavour. ' +
      'Firmer than a broiler, so boil it gently first and then stew it; the broth alone is worth it.',
  },
  {
    name: 'Chicken Drumsticks (1 kg)',
    slug: 'chicken-drumsticks',
    category: 'chicken',
    price: 78_000,
    stock: 28,
    featured: false,
    imageUrl: productImage('drumsticks'),
    description:
      'Meaty broiler drumsticks, skin on, trimmed and packed flat so they freeze well. ' +
      'Great marinated in lemon, garlic and paprika, then grilled or baked.',
  },
  {
    name: 'Chicken Breast Fillets (1 kg)',
    slug: 'chicken-breast-fillets',
    category: 'chicken',
    price: 95_000,
    stock: 22,
    featured: false,
    imageUrl: productImage('breast-fillet'),
    description:
      'Skinless, boneless breast fillets, lean and quick to cook. ' +
      'Slice for stir-fries and wraps, or butterfly and grill for a healthy dinner.',
  },
  {
    name: 'Chicken Wings (1 kg)',
    slug: 'chicken-wings',
    category: 'chicken',
    price: 60_000,
    stock: 26,
    featured: false,
    imageUrl: productImage('wings'),
    description:
      'Whole chicken wings with the tips on, about twelve to fifteen to the kilo. ' +
      'Bake them crisp, toss in a pilipili sauce and serve with a cold drink for match day.',
  },
  {
    name: 'Chicken Gizzards (1 kg)',
    slug: 'chicken-gizzards',
    category: 'chicken',
    price: 48_000,
    stock: 20,
    featured: false,
    imageUrl: productImage('gizzards'),
    description:
      'Cleaned and trimmed gizzards, ready for the pot. ' +
      'Simmer until tender, then fry with onions, tomatoes and dhania for a classic Nairobi snack.',
  },
  {
    name: 'Chicken Thighs (1 kg)',
    slug: 'chicken-thighs',
    category: 'chicken',
    price: 72_000,
    stock: 5,
    featured: false,
    imageUrl: productImage('chicken-thighs'),
    description:
      'Bone-in, skin-on thighs: the juiciest cut of the bird and hard to overcook. ' +
      'Perfect for a coconut chicken curry or a tray bake with potatoes.',
  },
  {
    name: 'Tilapia',
    slug: 'tilapia',
    category: 'fish',
    price: 45_000,
    stock: 0,
    featured: false,
    imageUrl: productImage('tilapia-whole'),
    description:
      'Lake Victoria tilapia the way the fish counter sells it: pick the size and how it is prepared for your pan. ' +
      'Every choice shows its weight and its price per kilo, so you see what you pay for the fish.',
    options: {
      options: [
        { name: 'Size', values: ['Small', 'Medium', 'Large', 'Jumbo'] },
        { name: 'Preparation', values: ['Whole', 'Scaled & gutted', 'Filleted'] },
      ],
      variants: [
        { values: ['Small', 'Whole'], priceCents: 45_000, stock: 6, weightGrams: 300, sku: 'TIL-S-W' },
        { values: ['Small', 'Scaled & gutted'], priceCents: 48_000, stock: 5, weightGrams: 300, sku: 'TIL-S-SG' },
        { values: ['Medium', 'Whole'], priceCents: 65_000, stock: 8, weightGrams: 500, sku: 'TIL-M-W' },
        { values: ['Medium', 'Scaled & gutted'], priceCents: 70_000, stock: 8, weightGrams: 500, sku: 'TIL-M-SG' },
        { values: ['Large', 'Whole'], priceCents: 120_000, stock: 6, weightGrams: 700, sku: 'TIL-L-W' },
        { values: ['Large', 'Scaled & gutted'], priceCents: 133_000, stock: 6, weightGrams: 700, sku: 'TIL-L-SG' },
        { values: ['Large', 'Filleted'], priceCents: 120_000, stock: 4, weightGrams: 400, sku: 'TIL-L-F' },
        { values: ['Jumbo', 'Whole'], priceCents: 170_000, stock: 3, weightGrams: 1200, sku: 'TIL-J-W' },
        { values: ['Jumbo', 'Scaled & gutted'], priceCents: 180_000, stock: 3, weightGrams: 1200, sku: 'TIL-J-SG' },
      ],
    },
  },
  {
    name: 'Farm Chicken',
    slug: 'farm-chicken',
    category: 'chicken',
    price: 69_000,
    stock: 0,
    featured: false,
    imageUrl: productImage('broiler-whole'),
    description:
      'A whole bird from our farm, cut into parts if you like, or a free-range kienyeji bird raised slowly on grain and greens. ' +
      'Cleaned, chilled and delivered the day it is prepared.',
    options: {
      options: [{ name: 'Bird', values: ['Whole broiler', 'Parts', 'Kienyeji'] }],
      variants: [
        { values: ['Whole broiler'], priceCents: 75_000, stock: 15, weightGrams: 1400, sku: 'CHK-WHOLE' },
        { values: ['Parts'], priceCents: 69_000, stock: 20, weightGrams: 1000, sku: 'CHK-PARTS' },
        { values: ['Kienyeji'], priceCents: 150_000, stock: 8, weightGrams: 1200, sku: 'CHK-KIENYEJI' },
      ],
    },
  },
];

/**
 * The names shoppers also search by (Kiswahili and the lake's own names), by product slug: samaki is
 * fish, ngege tilapia, mbuta and sangara Nile perch, kambare and mumi catfish, kuku chicken,
 * kienyeji free-range; minofu is a fillet, mabawa wings, mapaja thighs, firigisi gizzards.
 */
export const SEED_SEARCH_KEYWORDS: Readonly<Record<string, string>> = {
  'fresh-whole-tilapia': 'samaki ngege',
  'tilapia-fillets': 'samaki ngege minofu',
  'nile-perch-fillets': 'samaki mbuta sangara minofu',
  'whole-catfish': 'samaki kambare mumi',
  'smoked-tilapia': 'samaki ngege kuvuta moshi',
  'omena-dagaa': 'samaki omena dagaa daga mukene',
  'fish-fingers': 'samaki',
  'tilapia-family-pack': 'samaki ngege',
  'whole-broiler-chicken': 'kuku nzima',
  'kienyeji-chicken': 'kuku kienyeji free-range',
  'chicken-drumsticks': 'kuku miguu',
  'chicken-breast-fillets': 'kuku kifua minofu',
  'chicken-wings': 'kuku mabawa',
  'chicken-gizzards': 'kuku firigisi',
  'chicken-thighs': 'kuku mapaja',
  tilapia: 'samaki ngege minofu',
  'farm-chicken': 'kuku kienyeji nzima',
};

export const SEED_BLOG_POSTS: readonly SeedBlogPost[] = [
  {
    slug: 'raising-tilapia-in-cages-on-lake-victoria',
    title: 'How We Raise Tilapia in Cages on Lake Victoria',
    metaDescription: 'From fingerlings to harvest: how cage farming on Lake Victoria produces fresh tilapia for Nairobi kitchens.',
    featuredImage: blogImage('lake-victoria-cages'),
    published: true,
    daysAgo: 38,
    content: body(
      'Most of the tilapia we sell never swam in a pond. It grew in floating cages anchored in the open water of Lake Victoria, where the lake itself keeps the fish supplied with clean, oxygen-rich water day and night.',
      'Each cage is a ring of floating pipe holding a deep net. We stock it with healthy fingerlings from a certified hatchery, at a density low enough that the fish can move freely. Crowded fish grow slowly and fall sick more easily, so we would rather have fewer, better fish.',
      'The fish are fed floating pellets several times a day. Because the feed floats, our farm hands can see how much is being eaten and stop before any is wasted. Uneaten feed sinks and pollutes the lake, and we all depend on that lake staying healthy.',
      'Every week we check water temperature, dissolved oxygen and the growth of a sample of fish. After about six to eight months most fish reach harvest size, between 400 and 700 grams. We harvest only what has been ordered, chill the fish in ice slurry straight away and keep them cold all the way to our shop in Nairobi West.',
      'Cage farming also takes pressure off wild stocks. Every tilapia raised in a cage is one less taken from a lake that has been heavily fished for decades. When you buy farmed tilapia from us, you are helping the fishing communities around the lake earn a steady living without emptying it.',
    ),
  },
  {
    slug: 'how-to-store-fresh-fish-at-home',
    title: 'Keeping Fish Fresh: Storing Tilapia and Nile Perch at Home',
    metaDescription: 'Simple rules for keeping fresh fish safe and tasty, from the delivery bag to the fridge and freezer.',
    featuredImage: null,
    published: true,
    daysAgo: 21,
    content: body(
      'Fresh fish is at its best on the day it arrives, but with a little care it will keep well for longer. The secret is simple: keep it cold, keep it dry and keep it wrapped.',
      'When your order arrives, put the fish in the coldest part of your fridge straight away, usually the bottom shelf at the back. A fridge between 0 and 4 degrees Celsius keeps whole fish and fillets fresh for one to two days. Set the fish on a plate so no juices drip onto other food.',
      'If you will not cook it within two days, freeze it on the day of delivery rather than at the end of the week. Pat the fish dry, wrap each portion tightly in cling film or a freezer bag with the air pressed out, and write the date on it. For the best flavour, cook frozen tilapia and Nile perch within three months.',
      'Thaw frozen fish overnight in the fridge, never on the kitchen counter. If you are in a hurry, seal it in a bag and keep it under cold running water for about an hour. Once thawed, cook it within a day and do not freeze it raw again.',
      'How can you tell fish is fresh? The eyes should be clear and bright, the gills red, the flesh firm enough to spring back when pressed, and the smell mild, like clean lake water. If a fish smells sour or the flesh stays dented, do not eat it, and let us know.',
    ),
  },
  {
    slug: 'slow-cooked-kienyeji-chicken',
    title: 'Slow-Cooked Kienyeji Chicken, the Way Grandmother Made It',
    metaDescription: 'Kienyeji chicken needs time. A simple method for tender, flavourful free-range chicken stew.',
    featuredImage: blogImage('kienyeji-chicken'),
    published: true,
    daysAgo: 9,
    content: body(
      'Kienyeji chicken grows slowly and walks all day, so its meat is firmer and far tastier than a broiler. Treat it like a broiler and it will be tough. Give it time, and it rewards you with a rich stew and a broth that tastes of home.',
      'Start by cutting the chicken into pieces and rinsing them. Put them in a large sufuria with a thumb of crushed ginger, a few cloves of garlic, a teaspoon of salt and enough water to cover. Bring it to the boil, then lower the heat, cover and simmer gently for about an hour, until a knife slides easily into the thickest piece. A pressure cooker does the same job in around thirty minutes.',
      'Lift out the chicken and keep the broth. In another pan, fry two sliced onions in a little oil until golden, add three chopped tomatoes and cook them down to a thick paste. Add the chicken, stir to coat every piece, then pour in broth a cup at a time until the sauce is as thick as you like it.',
      'Simmer for another fifteen minutes so the flavours come together. Finish with a handful of chopped dhania and a squeeze of lemon. The chicken is done when the juices run clear; if you use a thermometer, the thickest part should reach 74 degrees Celsius.',
      'Serve it hot with ugali and sukuma wiki, or with rice and kachumbari. Any broth you did not use makes a wonderful soup the next day.',
    ),
  },
  {
    slug: 'omena-small-fish-big-nutrition',
    title: 'Omena: Small Fish, Big Nutrition',
    metaDescription: 'Why the humble omena is one of the most nutritious foods from Lake Victoria, and how to cook it.',
    featuredImage: blogImage('omena-drying'),
    published: false,
    daysAgo: 2,
    content: body(
      'Omena, called dagaa in much of Kenya and Tanzania, is a tiny silver fish caught at night on Lake Victoria by boats carrying bright lamps. By morning the catch is spread on raised racks along the shore to dry in the sun.',
      'Because omena is eaten whole, with its bones, it is one of the richest and cheapest sources of calcium, protein and healthy fish oils you can buy. A small portion goes a long way, which is why so many families rely on it.',
      'Before cooking, soak the omena in warm water for a few minutes and rinse away any sand. Some cooks add a little lemon juice to the water to soften the slightly bitter taste.',
      'Fry onions until soft, add tomatoes and a pinch of salt, then stir in the drained omena and cook gently for ten minutes. A splash of milk or coconut milk at the end makes the sauce creamy. Serve with ugali and greens.',
    ),
  },
];

/** The delivery zones, taken from the domain's table so pricing and pages never disagree. */
export const SEED_DELIVERY_ZONES: readonly SeedDeliveryZone[] = DEFAULT_DELIVERY_ZONES.map((zone: DeliveryZone): SeedDeliveryZone => ({
  name: zone.name,
  minKm: zone.minKm.toFixed(2),
  maxKm: zone.maxKm.toFixed(2),
  baseFee: zone.baseFeeCents,
  perKmRate: zone.perKmRateCents,
  estimatedMinutes: zone.estimatedMinutes,
}));

const FREE_FROM = formatKES(FREE_DELIVERY_THRESHOLD_CENTS);
const VAT_PERCENT = `${VAT_RATE_BP / 100}%`;

function zoneRangeLabel(zone: DeliveryZone, first: boolean): string {
  return first ? `Up to ${zone.maxKm} km` : `Over ${zone.minKm} km, up to ${zone.maxKm} km`;
}

function feeExample(km: number): string {
  const quote = deliveryFeeForDistance(DEFAULT_DELIVERY_ZONES, km);
  if (!quote) return '';
  const { zone, feeCents } = quote;
  return (
    `<li>${km} km away (${zone.name}): ${formatKES(zone.baseFeeCents)} + ${km} × ` +
    `${formatKES(zone.perKmRateCents)} = <strong>${formatKES(feeCents)}</strong></li>`
  );
}

const zoneRows = DEFAULT_DELIVERY_ZONES.map(
  (zone, i) =>
    `<tr><td>${zone.name}</td><td>${zoneRangeLabel(zone, i === 0)}</td>` +
    `<td>${formatKES(zone.baseFeeCents)}</td><td>${formatKES(zone.perKmRateCents)}</td>` +
    `<td>About ${zone.estimatedMinutes} minutes</td></tr>`,
).join('\n');

const lastZone = DEFAULT_DELIVERY_ZONES[DEFAULT_DELIVERY_ZONES.length - 1];

const SHIPPING_HTML = `<h2>Where we deliver from</h2>
<p>Every order is packed and dispatched from our shop at <strong>${SHOP_ORIGIN.label}</strong> (Ground floor, off Maimahiu Rd). Fish and chicken travel in insulated cool boxes with ice so they reach you as fresh as they left us.</p>
<h2>How the delivery fee is worked out</h2>
<p>The fee depends on the road distance from our shop to your address. Each zone has a base fee plus a charge per kilometre:</p>
<p><strong>Delivery fee = base fee + distance in km × rate per km</strong></p>
<table>
<thead><tr><th>Zone</th><th>Distance from our shop</th><th>Base fee</th><th>Per km</th><th>Delivery time</th></tr></thead>
<tbody>
${zoneRows}
</tbody>
</table>
<p>Addresses more than ${lastZone?.maxKm ?? 50} km away are charged at the ${lastZone?.name ?? 'last zone'} rates; please contact us before ordering so we can confirm we can reach you with the cold chain intact.</p>
<h3>Examples</h3>
<ul>
${[3, 8, 12, 20, 30].map(feeExample).join('\n')}
</ul>
<p>Your exact fee and zone are shown at checkout as soon as you enter your address, before you pay.</p>
<h2>Free delivery</h2>
<p>Delivery is <strong>free for every order with a subtotal of ${FREE_FROM} or more</strong>, wherever you are in our delivery area. The subtotal is the value of your products before VAT and delivery.</p>
<h2>VAT</h2>
<p>Product prices are shown without VAT. VAT at ${VAT_PERCENT} is added to the subtotal at checkout; the delivery fee is added after VAT. Your order total is the subtotal, plus ${VAT_PERCENT} VAT, plus the delivery fee.</p>
<h2>Delivery times</h2>
<ul>
<li>The times above are estimates from the moment your payment is confirmed.</li>
<li>At peak hours (11 AM to 2 PM and 6 PM to 9 PM on weekdays; 12 PM to 3 PM and 6 PM to 9 PM at weekends) deliveries may take 10 to 15 minutes longer.</li>
<li>Our rider will call you on the phone number you give at checkout when they are close, so please keep it on.</li>
</ul>
<h2>Questions</h2>
<p>Write to us at <a href="mailto:${SHOP.email}">${SHOP.email}</a> or visit the shop: ${SHOP.hours}.</p>`;

const FAQ_HTML = `<h2>Ordering and payment</h2>
<h3>How do I place an order?</h3>
<p>Add products to your cart, sign in or create an account, enter your delivery address and pay. You will see your delivery fee and order total before you pay.</p>
<h3>How can I pay?</h3>
<p>We take M-Pesa and debit or credit cards through Pesapal's secure payment page. We never see or store your card details.</p>
<h3>When is my order confirmed?</h3>
<p>As soon as Pesapal confirms your payment. You can follow the payment and delivery status live on the Orders page.</p>
<h2>Delivery</h2>
<h3>Where do you deliver?</h3>
<p>Across Nairobi and its surroundings, up to about 50 km from our shop at Kogo Star Plaza, Nairobi West. See our <a href="/shipping">delivery policy</a> for zones, fees and times.</p>
<h3>Is delivery ever free?</h3>
<p>Yes: delivery is free for orders with a subtotal of ${FREE_FROM} or more.</p>
<h2>Our products</h2>
<h3>Is the fish fresh or frozen?</h3>
<p>Whole tilapia, fillets and chicken are fresh and chilled, never frozen, unless the product says otherwise. Fish fingers are sold frozen, and omena and smoked tilapia are dried or smoked.</p>
<h3>Where does your fish come from?</h3>
<ul>
<li>Tilapia is raised in our cages on Lake Victoria.</li>
<li>Nile perch and omena come from licensed fishing communities around the lake.</li>
<li>Catfish is raised in ponds by partner farmers.</li>
</ul>
<h3>Can you clean or cut the fish for me?</h3>
<p>Whole fish are already gutted and scaled. Mention any other cutting you would like in a message to us after ordering and we will do our best.</p>
<h2>Contact</h2>
<p>Email <a href="mailto:${SHOP.email}">${SHOP.email}</a> or visit us at ${SHOP.address}. Opening hours: ${SHOP.hours}.</p>`;

const RETURNS_HTML = `<h2>Our freshness promise</h2>
<p>We want every fish and every chicken you buy from us to be one you would serve to your own family. If something is not right, we will put it right.</p>
<h2>Reporting a problem</h2>
<ul>
<li>Check your order when it arrives and report any problem within <strong>24 hours of delivery</strong>.</li>
<li>Email <a href="mailto:${SHOP.email}">${SHOP.email}</a> with your order number, what is wrong and, if you can, a photo.</li>
<li>Keep the product in the fridge until we reply, usually the same working day.</li>
</ul>
<h2>What we will do</h2>
<p>If a product arrived spoiled, damaged, underweight or was not what you ordered, we will either deliver a replacement free of charge or refund it. Refunds go back to the card or M-Pesa account you paid with, through Pesapal, and usually arrive within 7 working days.</p>
<h2>What we cannot take back</h2>
<p>Because our products are fresh food, we cannot accept returns of products that were delivered in good condition, of fish or chicken that has been frozen, cooked or left out of the fridge, or of problems reported more than 24 hours after delivery.</p>
<h2>Cancelling an order</h2>
<p>An order that has not been paid for is cancelled automatically. To cancel a paid order, contact us before it leaves our shop and we will refund it in full.</p>`;

const TERMS_HTML = `<h2>About these terms</h2>
<p>These terms apply to every order placed on the ${SHOP.name} online shop. By placing an order you agree to them.</p>
<h2>Prices and payment</h2>
<ul>
<li>All prices are in Kenya shillings (KES) and exclude VAT. VAT at ${VAT_PERCENT} is added at checkout.</li>
<li>The delivery fee depends on your delivery zone and distance and is shown before you pay; it is free for orders with a subtotal of ${FREE_FROM} or more.</li>
<li>Payment is made through Pesapal by M-Pesa or card. Your order is accepted only once Pesapal confirms the payment.</li>
<li>We check prices and stock when you check out. If a price has changed since you added a product to your cart, the price at checkout applies.</li>
</ul>
<h2>Weights and availability</h2>
<p>Fish and chicken are natural products and individual weights vary a little. Items sold by the kilo are packed as close to the stated weight as possible. If a product sells out after you pay, we will offer a replacement or a full refund for it.</p>
<h2>Delivery</h2>
<p>Delivery times are estimates. Someone must be available at the delivery address to receive the order; perishable food cannot be left unattended. See our <a href="/shipping">delivery policy</a> for details.</p>
<h2>Your account</h2>
<p>Keep your password private. You are responsible for orders placed from your account. We use your details only to process and deliver your orders and, if you subscribe, to send our newsletter.</p>
<h2>Law</h2>
<p>These terms are governed by the laws of Kenya. If you have a complaint, please contact us first at <a href="mailto:${SHOP.email}">${SHOP.email}</a> so we can try to resolve it.</p>`;

// The privacy notice (Data Protection Act 2019, s. 29); migration 0059 adds the same page to existing shops.
const PRIVACY_HTML = `<h2>Who we are</h2>
<p>${SHOP.name} sells fresh fish and chicken online in Nairobi. We are the data controller for the personal data you give us on this shop. This notice explains what we collect, why, for how long, who processes it for us and how you use your rights under Kenya's Data Protection Act, 2019.</p>
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
<p>For any question about your personal data, email us at <a href="mailto:${SHOP.email}">${SHOP.email}</a> or use the phone number and address on our <a href="/contact">Contact page</a>.</p>`;

const CAREERS_HTML = `<h2>Work with us</h2>
<p>${SHOP.name} is growing, and we are looking for people who care about good food and good service.</p>
<h2>Open positions</h2>
<ul>
<li><strong>Delivery rider</strong> (Nairobi West): a valid motorcycle licence and a good knowledge of Nairobi roads.</li>
<li><strong>Shop assistant</strong> (Kogo Star Plaza): fish and chicken handling experience is a plus.</li>
</ul>
<p>Send your CV to <a href="mailto:${SHOP.email}">${SHOP.email}</a> with the position in the subject line.</p>`;

export const SEED_PAGES: readonly SeedPage[] = [
  {
    slug: 'faq',
    title: 'Frequently Asked Questions',
    metaDescription: 'Answers about ordering, paying with M-Pesa or card, delivery across Nairobi and our fresh fish and chicken.',
    content: FAQ_HTML,
    published: true,
  },
  {
    slug: 'shipping',
    title: 'Delivery Policy',
    metaDescription: `Delivery zones, fees and times from Kogo Star Plaza, Nairobi West. Free delivery on orders of ${FREE_FROM} or more.`,
    content: SHIPPING_HTML,
    published: true,
  },
  {
    slug: 'returns',
    title: 'Returns and Refunds',
    metaDescription: 'Our freshness promise: report a problem within 24 hours of delivery for a replacement or refund.',
    content: RETURNS_HTML,
    published: true,
  },
  {
    slug: 'terms',
    title: 'Terms and Conditions',
    metaDescription: 'The terms that apply to orders, prices, payment and delivery at Lake Victoria Aquaculture.',
    content: TERMS_HTML,
    published: true,
  },
  {
    slug: 'privacy',
    title: 'Privacy Notice',
    metaDescription:
      'What personal data Lake Victoria Aquaculture collects, why, for how long, who processes it and how to use your rights.',
    content: PRIVACY_HTML,
    published: true,
  },
  {
    slug: 'careers',
    title: 'Careers',
    metaDescription: 'Join the Lake Victoria Aquaculture team in Nairobi West.',
    content: CAREERS_HTML,
    published: false,
  },
];
