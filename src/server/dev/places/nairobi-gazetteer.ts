/**
 * Offline gazetteer of greater Nairobi places: the development and test stand-in for Google Places.
 * It covers the city and the satellite towns within 50 km of the shop (Kitengela, Rongai, Ruiru,
 * Juja, Syokimau, Ngong, Kikuyu, Athi River, …), so every delivery zone has places in it.
 *
 * Source: place, estate, mall and road names as mapped in OpenStreetMap (openstreetmap.org,
 * © OpenStreetMap contributors, Open Database Licence), with coordinates rounded from its features.
 *
 * Coordinates are approximate centroids (neighbourhoods, estates), building locations
 * (malls, landmarks) or a representative point on the road. They are good to a few hundred
 * metres, which is enough for the delivery-zone bands (5 km steps) in development.
 *
 * Kogo Star Plaza uses the original app's SHOP_COORDINATES (-1.3162, 36.7965), so distances
 * from the shop match what the original computed.
 */

export type GazetteerKind = 'neighbourhood' | 'estate' | 'mall' | 'road' | 'landmark';

export type GazetteerEntry = {
  /** Stable slug used as the place_id, e.g. 'gz-westlands'. */
  id: string;
  name: string;
  /** Where it is, e.g. 'Westlands, Nairobi'. */
  area: string;
  kind: GazetteerKind;
  lat: number;
  lng: number;
  aliases?: string[];
};

export const NAIROBI_GAZETTEER: readonly GazetteerEntry[] = [
  // ── Neighbourhoods ──────────────────────────────────────────────────────────
  { id: 'gz-westlands', name: 'Westlands', area: 'Westlands, Nairobi', kind: 'neighbourhood', lat: -1.266, lng: 36.81 },
  { id: 'gz-kilimani', name: 'Kilimani', area: 'Kilimani, Nairobi', kind: 'neighbourhood', lat: -1.29, lng: 36.786 },
  { id: 'gz-kileleshwa', name: 'Kileleshwa', area: 'Kileleshwa, Nairobi', kind: 'neighbourhood', lat: -1.282, lng: 36.783 },
  { id: 'gz-lavington', name: 'Lavington', area: 'Lavington, Nairobi', kind: 'neighbourhood', lat: -1.278, lng: 36.77 },
  { id: 'gz-karen', name: 'Karen', area: 'Karen, Nairobi', kind: 'neighbourhood', lat: -1.32, lng: 36.71 },
  { id: 'gz-langata', name: 'Langata', area: 'Langata, Nairobi', kind: 'neighbourhood', lat: -1.348, lng: 36.755, aliases: ["Lang'ata"] },
  { id: 'gz-parklands', name: 'Parklands', area: 'Parklands, Nairobi', kind: 'neighbourhood', lat: -1.261, lng: 36.819 },
  { id: 'gz-upper-hill', name: 'Upper Hill', area: 'Upper Hill, Nairobi', kind: 'neighbourhood', lat: -1.298, lng: 36.814, aliases: ['Upperhill'] },
  { id: 'gz-nairobi-west', name: 'Nairobi West', area: 'Nairobi West, Nairobi', kind: 'neighbourhood', lat: -1.3106, lng: 36.816 },
  { id: 'gz-hurlingham', name: 'Hurlingham', area: 'Hurlingham, Nairobi', kind: 'neighbourhood', lat: -1.294, lng: 36.796 },
  { id: 'gz-runda', name: 'Runda', area: 'Runda, Nairobi', kind: 'neighbourhood', lat: -1.218, lng: 36.809 },
  { id: 'gz-muthaiga', name: 'Muthaiga', area: 'Muthaiga, Nairobi', kind: 'neighbourhood', lat: -1.25, lng: 36.835 },
  { id: 'gz-gigiri', name: 'Gigiri', area: 'Gigiri, Nairobi', kind: 'neighbourhood', lat: -1.232, lng: 36.808 },
  { id: 'gz-eastleigh', name: 'Eastleigh', area: 'Eastleigh, Nairobi', kind: 'neighbourhood', lat: -1.274, lng: 36.85 },
  { id: 'gz-embakasi', name: 'Embakasi', area: 'Embakasi, Nairobi', kind: 'neighbourhood', lat: -1.32, lng: 36.9 },
  { id: 'gz-kasarani', name: 'Kasarani', area: 'Kasarani, Nairobi', kind: 'neighbourhood', lat: -1.221, lng: 36.897 },
  { id: 'gz-spring-valley', name: 'Spring Valley', area: 'Spring Valley, Nairobi', kind: 'neighbourhood', lat: -1.253, lng: 36.792 },
  { id: 'gz-loresho', name: 'Loresho', area: 'Loresho, Nairobi', kind: 'neighbourhood', lat: -1.253, lng: 36.761 },
  { id: 'gz-kitisuru', name: 'Kitisuru', area: 'Kitisuru, Nairobi', kind: 'neighbourhood', lat: -1.226, lng: 36.783 },
  { id: 'gz-riverside', name: 'Riverside', area: 'Riverside, Nairobi', kind: 'neighbourhood', lat: -1.274, lng: 36.801 },
  { id: 'gz-ridgeways', name: 'Ridgeways', area: 'Ridgeways, Nairobi', kind: 'neighbourhood', lat: -1.222, lng: 36.84 },
  { id: 'gz-kangemi', name: 'Kangemi', area: 'Kangemi, Nairobi', kind: 'neighbourhood', lat: -1.267, lng: 36.748 },
  { id: 'gz-mountain-view', name: 'Mountain View', area: 'Mountain View, Nairobi', kind: 'neighbourhood', lat: -1.26, lng: 36.745 },
  { id: 'gz-kawangware', name: 'Kawangware', area: 'Kawangware, Nairobi', kind: 'neighbourhood', lat: -1.286, lng: 36.747 },
  { id: 'gz-dagoretti-corner', name: 'Dagoretti Corner', area: 'Dagoretti, Nairobi', kind: 'neighbourhood', lat: -1.3005, lng: 36.7545 },
  { id: 'gz-kibera', name: 'Kibera', area: 'Kibera, Nairobi', kind: 'neighbourhood', lat: -1.313, lng: 36.787, aliases: ['Kibra'] },
  { id: 'gz-industrial-area', name: 'Industrial Area', area: 'Industrial Area, Nairobi', kind: 'neighbourhood', lat: -1.308, lng: 36.848 },
  { id: 'gz-pangani', name: 'Pangani', area: 'Pangani, Nairobi', kind: 'neighbourhood', lat: -1.268, lng: 36.837 },
  { id: 'gz-ngara', name: 'Ngara', area: 'Ngara, Nairobi', kind: 'neighbourhood', lat: -1.274, lng: 36.825 },
  { id: 'gz-mathare', name: 'Mathare', area: 'Mathare, Nairobi', kind: 'neighbourhood', lat: -1.26, lng: 36.858 },
  { id: 'gz-huruma', name: 'Huruma', area: 'Huruma, Nairobi', kind: 'neighbourhood', lat: -1.258, lng: 36.869 },
  { id: 'gz-roysambu', name: 'Roysambu', area: 'Roysambu, Nairobi', kind: 'neighbourhood', lat: -1.218, lng: 36.886 },
  { id: 'gz-githurai', name: 'Githurai', area: 'Githurai, Nairobi', kind: 'neighbourhood', lat: -1.202, lng: 36.912 },
  { id: 'gz-ruaka', name: 'Ruaka', area: 'Ruaka, Kiambu', kind: 'neighbourhood', lat: -1.205, lng: 36.776 },
  { id: 'gz-utawala', name: 'Utawala', area: 'Utawala, Nairobi', kind: 'neighbourhood', lat: -1.292, lng: 36.962 },
  { id: 'gz-syokimau', name: 'Syokimau', area: 'Syokimau, Machakos', kind: 'neighbourhood', lat: -1.362, lng: 36.931 },

  // ── Estates ─────────────────────────────────────────────────────────────────
  { id: 'gz-south-b', name: 'South B', area: 'South B, Nairobi', kind: 'estate', lat: -1.309, lng: 36.838 },
  { id: 'gz-south-c', name: 'South C', area: 'South C, Nairobi', kind: 'estate', lat: -1.318, lng: 36.826 },
  { id: 'gz-madaraka', name: 'Madaraka', area: 'Madaraka, Nairobi', kind: 'estate', lat: -1.308, lng: 36.819, aliases: ['Madaraka Estate'] },
  { id: 'gz-donholm', name: 'Donholm', area: 'Donholm, Nairobi', kind: 'estate', lat: -1.296, lng: 36.888 },
  { id: 'gz-buruburu', name: 'Buruburu', area: 'Buruburu, Nairobi', kind: 'estate', lat: -1.288, lng: 36.877, aliases: ['Buru Buru'] },
  { id: 'gz-umoja', name: 'Umoja', area: 'Umoja, Nairobi', kind: 'estate', lat: -1.283, lng: 36.898 },
  { id: 'gz-kayole', name: 'Kayole', area: 'Kayole, Nairobi', kind: 'estate', lat: -1.276, lng: 36.915 },
  { id: 'gz-komarock', name: 'Komarock', area: 'Komarock, Nairobi', kind: 'estate', lat: -1.265, lng: 36.907 },
  { id: 'gz-pipeline', name: 'Pipeline', area: 'Embakasi, Nairobi', kind: 'estate', lat: -1.313, lng: 36.899 },
  { id: 'gz-fedha', name: 'Fedha Estate', area: 'Embakasi, Nairobi', kind: 'estate', lat: -1.317, lng: 36.896, aliases: ['Fedha'] },
  { id: 'gz-nyayo-estate', name: 'Nyayo Estate', area: 'Embakasi, Nairobi', kind: 'estate', lat: -1.3245, lng: 36.903 },
  { id: 'gz-imara-daima', name: 'Imara Daima', area: 'Embakasi, Nairobi', kind: 'estate', lat: -1.327, lng: 36.878 },
  { id: 'gz-kariobangi', name: 'Kariobangi', area: 'Kariobangi, Nairobi', kind: 'estate', lat: -1.253, lng: 36.88 },
  { id: 'gz-dandora', name: 'Dandora', area: 'Dandora, Nairobi', kind: 'estate', lat: -1.247, lng: 36.9 },
  { id: 'gz-zimmerman', name: 'Zimmerman', area: 'Zimmerman, Nairobi', kind: 'estate', lat: -1.213, lng: 36.893 },
  { id: 'gz-garden-estate', name: 'Garden Estate', area: 'Garden Estate, Nairobi', kind: 'estate', lat: -1.233, lng: 36.847 },
  { id: 'gz-highridge', name: 'Highridge', area: 'Parklands, Nairobi', kind: 'estate', lat: -1.26, lng: 36.809 },
  { id: 'gz-kahawa-west', name: 'Kahawa West', area: 'Kahawa West, Nairobi', kind: 'estate', lat: -1.186, lng: 36.906 },

  // ── Shopping malls ──────────────────────────────────────────────────────────
  { id: 'gz-sarit-centre', name: 'Sarit Centre', area: 'Westlands, Nairobi', kind: 'mall', lat: -1.261, lng: 36.8025, aliases: ['Sarit'] },
  { id: 'gz-westgate', name: 'Westgate Shopping Mall', area: 'Westlands, Nairobi', kind: 'mall', lat: -1.2569, lng: 36.8031, aliases: ['Westgate', 'Westgate Mall'] },
  { id: 'gz-the-junction', name: 'The Junction Mall', area: 'Ngong Road, Nairobi', kind: 'mall', lat: -1.2985, lng: 36.761, aliases: ['The Junction', 'Junction Mall'] },
  { id: 'gz-yaya-centre', name: 'Yaya Centre', area: 'Kilimani, Nairobi', kind: 'mall', lat: -1.2925, lng: 36.7876, aliases: ['Yaya'] },
  { id: 'gz-garden-city', name: 'Garden City Mall', area: 'Thika Road, Nairobi', kind: 'mall', lat: -1.2322, lng: 36.8784, aliases: ['Garden City'] },
  { id: 'gz-two-rivers', name: 'Two Rivers Mall', area: 'Limuru Road, Nairobi', kind: 'mall', lat: -1.2107, lng: 36.7963, aliases: ['Two Rivers'] },
  { id: 'gz-village-market', name: 'Village Market', area: 'Gigiri, Nairobi', kind: 'mall', lat: -1.2295, lng: 36.8045 },
  { id: 'gz-galleria', name: 'Galleria Shopping Mall', area: 'Langata Road, Nairobi', kind: 'mall', lat: -1.3362, lng: 36.7692, aliases: ['Galleria', 'Galleria Mall'] },
  { id: 'gz-prestige-plaza', name: 'Prestige Plaza', area: 'Ngong Road, Nairobi', kind: 'mall', lat: -1.299, lng: 36.787, aliases: ['Prestige'] },
  { id: 'gz-t-mall', name: 'T-Mall', area: 'Langata Road, Nairobi', kind: 'mall', lat: -1.3097, lng: 36.8118, aliases: ['T Mall', 'Tmall'] },
  { id: 'gz-capital-centre', name: 'Capital Centre', area: 'Mombasa Road, Nairobi', kind: 'mall', lat: -1.3175, lng: 36.8342 },
  { id: 'gz-thika-road-mall', name: 'Thika Road Mall', area: 'Roysambu, Nairobi', kind: 'mall', lat: -1.2196, lng: 36.8885, aliases: ['TRM'] },
  { id: 'gz-the-hub-karen', name: 'The Hub Karen', area: 'Karen, Nairobi', kind: 'mall', lat: -1.3205, lng: 36.704, aliases: ['The Hub'] },
  { id: 'gz-lavington-mall', name: 'Lavington Mall', area: 'Lavington, Nairobi', kind: 'mall', lat: -1.2797, lng: 36.77 },
  { id: 'gz-abc-place', name: 'ABC Place', area: 'Waiyaki Way, Nairobi', kind: 'mall', lat: -1.259, lng: 36.778 },
  { id: 'gz-rosslyn-riviera', name: 'Rosslyn Riviera Mall', area: 'Limuru Road, Nairobi', kind: 'mall', lat: -1.2196, lng: 36.8075, aliases: ['Rosslyn Riviera'] },
  { id: 'gz-adams-arcade', name: 'Adams Arcade', area: 'Ngong Road, Nairobi', kind: 'mall', lat: -1.301, lng: 36.778 },
  { id: 'gz-kogo-star-plaza', name: 'Kogo Star Plaza', area: 'Nairobi West, Nairobi', kind: 'mall', lat: -1.3162, lng: 36.7965, aliases: ['Kogo Star'] },

  // ── Roads (representative point) ────────────────────────────────────────────
  { id: 'gz-ngong-road', name: 'Ngong Road', area: 'Nairobi', kind: 'road', lat: -1.299, lng: 36.78, aliases: ['Ngong Rd'] },
  { id: 'gz-mombasa-road', name: 'Mombasa Road', area: 'Nairobi', kind: 'road', lat: -1.325, lng: 36.845, aliases: ['Mombasa Rd'] },
  { id: 'gz-thika-road', name: 'Thika Road', area: 'Nairobi', kind: 'road', lat: -1.23, lng: 36.875, aliases: ['Thika Rd', 'Thika Superhighway'] },
  { id: 'gz-waiyaki-way', name: 'Waiyaki Way', area: 'Nairobi', kind: 'road', lat: -1.262, lng: 36.78 },
  { id: 'gz-langata-road', name: 'Langata Road', area: 'Nairobi', kind: 'road', lat: -1.32, lng: 36.8, aliases: ["Lang'ata Road", 'Langata Rd'] },
  { id: 'gz-jogoo-road', name: 'Jogoo Road', area: 'Nairobi', kind: 'road', lat: -1.295, lng: 36.855, aliases: ['Jogoo Rd'] },
  { id: 'gz-kiambu-road', name: 'Kiambu Road', area: 'Nairobi', kind: 'road', lat: -1.235, lng: 36.84, aliases: ['Kiambu Rd'] },
  { id: 'gz-uhuru-highway', name: 'Uhuru Highway', area: 'Nairobi', kind: 'road', lat: -1.29, lng: 36.818 },
  { id: 'gz-outer-ring-road', name: 'Outer Ring Road', area: 'Nairobi', kind: 'road', lat: -1.27, lng: 36.885 },
  { id: 'gz-limuru-road', name: 'Limuru Road', area: 'Nairobi', kind: 'road', lat: -1.25, lng: 36.815, aliases: ['Limuru Rd'] },
  { id: 'gz-argwings-kodhek-road', name: 'Argwings Kodhek Road', area: 'Kilimani, Nairobi', kind: 'road', lat: -1.293, lng: 36.788 },
  { id: 'gz-mbagathi-way', name: 'Mbagathi Way', area: 'Nairobi', kind: 'road', lat: -1.303, lng: 36.805 },
  { id: 'gz-moi-avenue', name: 'Moi Avenue', area: 'Nairobi CBD, Nairobi', kind: 'road', lat: -1.283, lng: 36.826 },
  { id: 'gz-kenyatta-avenue', name: 'Kenyatta Avenue', area: 'Nairobi CBD, Nairobi', kind: 'road', lat: -1.285, lng: 36.819 },

  // ── Landmarks ───────────────────────────────────────────────────────────────
  { id: 'gz-nairobi-cbd', name: 'Nairobi CBD', area: 'Nairobi', kind: 'landmark', lat: -1.2864, lng: 36.8172, aliases: ['CBD', 'City Centre', 'Central Business District'] },
  { id: 'gz-kicc', name: 'KICC', area: 'Nairobi CBD, Nairobi', kind: 'landmark', lat: -1.2884, lng: 36.8233, aliases: ['Kenyatta International Convention Centre'] },
  { id: 'gz-kenyatta-national-hospital', name: 'Kenyatta National Hospital', area: 'Upper Hill, Nairobi', kind: 'landmark', lat: -1.301, lng: 36.807, aliases: ['KNH'] },
  { id: 'gz-university-of-nairobi', name: 'University of Nairobi', area: 'Nairobi CBD, Nairobi', kind: 'landmark', lat: -1.2795, lng: 36.8163, aliases: ['UoN'] },
  { id: 'gz-jkia', name: 'Jomo Kenyatta International Airport', area: 'Embakasi, Nairobi', kind: 'landmark', lat: -1.3192, lng: 36.9275, aliases: ['JKIA'] },
  { id: 'gz-wilson-airport', name: 'Wilson Airport', area: 'Langata Road, Nairobi', kind: 'landmark', lat: -1.3217, lng: 36.8148 },
  { id: 'gz-nairobi-hospital', name: 'The Nairobi Hospital', area: 'Upper Hill, Nairobi', kind: 'landmark', lat: -1.296, lng: 36.806, aliases: ['Nairobi Hospital'] },
  { id: 'gz-aga-khan-hospital', name: 'Aga Khan University Hospital', area: 'Parklands, Nairobi', kind: 'landmark', lat: -1.261, lng: 36.824, aliases: ['Aga Khan Hospital'] },
  { id: 'gz-uhuru-park', name: 'Uhuru Park', area: 'Nairobi CBD, Nairobi', kind: 'landmark', lat: -1.289, lng: 36.817 },
  { id: 'gz-nairobi-railway-station', name: 'Nairobi Railway Station', area: 'Nairobi CBD, Nairobi', kind: 'landmark', lat: -1.291, lng: 36.828 },
  { id: 'gz-nairobi-national-park', name: 'Nairobi National Park', area: 'Langata, Nairobi', kind: 'landmark', lat: -1.347, lng: 36.788 },
  { id: 'gz-strathmore-university', name: 'Strathmore University', area: 'Madaraka, Nairobi', kind: 'landmark', lat: -1.309, lng: 36.813, aliases: ['Strathmore'] },
  { id: 'gz-kenyatta-university', name: 'Kenyatta University', area: 'Kahawa, Nairobi', kind: 'landmark', lat: -1.18, lng: 36.93, aliases: ['KU'] },
  { id: 'gz-bomas-of-kenya', name: 'Bomas of Kenya', area: 'Langata, Nairobi', kind: 'landmark', lat: -1.338, lng: 36.767, aliases: ['Bomas'] },
  { id: 'gz-carnivore', name: 'Carnivore Restaurant', area: 'Langata Road, Nairobi', kind: 'landmark', lat: -1.328, lng: 36.803, aliases: ['Carnivore'] },
  { id: 'gz-kasarani-stadium', name: 'Moi International Sports Centre', area: 'Kasarani, Nairobi', kind: 'landmark', lat: -1.2265, lng: 36.8922, aliases: ['Kasarani Stadium'] },
  { id: 'gz-nyayo-stadium', name: 'Nyayo National Stadium', area: 'Nairobi West, Nairobi', kind: 'landmark', lat: -1.305, lng: 36.824, aliases: ['Nyayo Stadium'] },
  { id: 'gz-gikomba-market', name: 'Gikomba Market', area: 'Nairobi', kind: 'landmark', lat: -1.285, lng: 36.84, aliases: ['Gikomba'] },
  { id: 'gz-giraffe-centre', name: 'Giraffe Centre', area: 'Langata, Nairobi', kind: 'landmark', lat: -1.3757, lng: 36.7445 },
  { id: 'gz-un-gigiri', name: 'United Nations Office at Nairobi', area: 'Gigiri, Nairobi', kind: 'landmark', lat: -1.234, lng: 36.815, aliases: ['UNON', 'UN Gigiri'] },
  { id: 'gz-mater-hospital', name: 'Mater Hospital', area: 'South B, Nairobi', kind: 'landmark', lat: -1.3095, lng: 36.8345, aliases: ['Mater Misericordiae Hospital'] },
  // ── Greater Nairobi: satellite towns within 50 km of the shop ──────────────
  { id: 'gz-kitengela', name: 'Kitengela', area: 'Kitengela, Kajiado County', kind: 'neighbourhood', lat: -1.476, lng: 36.961, aliases: ['Kitengela Town'] },
  { id: 'gz-ongata-rongai', name: 'Ongata Rongai', area: 'Rongai, Kajiado County', kind: 'neighbourhood', lat: -1.396, lng: 36.759, aliases: ['Rongai'] },
  { id: 'gz-kiserian', name: 'Kiserian', area: 'Kiserian, Kajiado County', kind: 'neighbourhood', lat: -1.426, lng: 36.688 },
  { id: 'gz-ngong', name: 'Ngong', area: 'Ngong, Kajiado County', kind: 'neighbourhood', lat: -1.3605, lng: 36.658, aliases: ['Ngong Town'] },
  { id: 'gz-athi-river', name: 'Athi River', area: 'Athi River, Machakos County', kind: 'neighbourhood', lat: -1.456, lng: 36.978, aliases: ['Mavoko'] },
  { id: 'gz-mlolongo', name: 'Mlolongo', area: 'Mlolongo, Machakos County', kind: 'neighbourhood', lat: -1.393, lng: 36.941 },
  { id: 'gz-ruiru', name: 'Ruiru', area: 'Ruiru, Kiambu County', kind: 'neighbourhood', lat: -1.146, lng: 36.96, aliases: ['Ruiru Town'] },
  { id: 'gz-juja', name: 'Juja', area: 'Juja, Kiambu County', kind: 'neighbourhood', lat: -1.102, lng: 37.014, aliases: ['Juja Town'] },
  { id: 'gz-kikuyu', name: 'Kikuyu', area: 'Kikuyu, Kiambu County', kind: 'neighbourhood', lat: -1.246, lng: 36.663, aliases: ['Kikuyu Town'] },
  { id: 'gz-kiambu-town', name: 'Kiambu Town', area: 'Kiambu, Kiambu County', kind: 'neighbourhood', lat: -1.171, lng: 36.835, aliases: ['Kiambu'] },
  { id: 'gz-limuru', name: 'Limuru', area: 'Limuru, Kiambu County', kind: 'neighbourhood', lat: -1.107, lng: 36.642, aliases: ['Limuru Town'] },
  { id: 'gz-banana-hill', name: 'Banana Hill', area: 'Banana, Kiambu County', kind: 'neighbourhood', lat: -1.177, lng: 36.758, aliases: ['Banana'] },
  { id: 'gz-wangige', name: 'Wangige', area: 'Kabete, Kiambu County', kind: 'neighbourhood', lat: -1.22, lng: 36.715 },
  { id: 'gz-kinoo', name: 'Kinoo', area: 'Kikuyu, Kiambu County', kind: 'neighbourhood', lat: -1.254, lng: 36.692 },
  { id: 'gz-uthiru', name: 'Uthiru', area: 'Kabete, Kiambu County', kind: 'neighbourhood', lat: -1.264, lng: 36.71 },
  { id: 'gz-tatu-city', name: 'Tatu City', area: 'Ruiru, Kiambu County', kind: 'neighbourhood', lat: -1.151, lng: 36.895 },
  { id: 'gz-ruai', name: 'Ruai', area: 'Ruai, Nairobi', kind: 'neighbourhood', lat: -1.27, lng: 36.99 },
  { id: 'gz-kamulu', name: 'Kamulu', area: 'Kamulu, Nairobi', kind: 'neighbourhood', lat: -1.27, lng: 37.025 },
  { id: 'gz-joska', name: 'Joska', area: 'Joska, Machakos County', kind: 'neighbourhood', lat: -1.283, lng: 37.069 },

  // ── Greater Nairobi: Thika Road and Kiambu Road ─────────────────────────────
  { id: 'gz-kahawa-sukari', name: 'Kahawa Sukari', area: 'Kahawa, Nairobi', kind: 'estate', lat: -1.1935, lng: 36.9395 },
  { id: 'gz-kahawa-wendani', name: 'Kahawa Wendani', area: 'Kahawa, Kiambu County', kind: 'estate', lat: -1.186, lng: 36.92 },
  { id: 'gz-kahawa-barracks', name: 'Kahawa Barracks', area: 'Kahawa, Nairobi', kind: 'neighbourhood', lat: -1.184, lng: 36.901, aliases: ['Kahawa Garrison'] },
  { id: 'gz-githurai-45', name: 'Githurai 45', area: 'Githurai, Kiambu County', kind: 'estate', lat: -1.196, lng: 36.915 },
  { id: 'gz-mwihoko', name: 'Mwihoko', area: 'Githurai, Kiambu County', kind: 'estate', lat: -1.181, lng: 36.927 },
  { id: 'gz-membley', name: 'Membley', area: 'Ruiru, Kiambu County', kind: 'estate', lat: -1.149, lng: 36.926, aliases: ['Membley Estate'] },
  { id: 'gz-mwiki', name: 'Mwiki', area: 'Kasarani, Nairobi', kind: 'estate', lat: -1.228, lng: 36.937 },
  { id: 'gz-sunton', name: 'Sunton', area: 'Kasarani, Nairobi', kind: 'estate', lat: -1.219, lng: 36.895 },
  { id: 'gz-hunters', name: 'Hunters', area: 'Kasarani, Nairobi', kind: 'estate', lat: -1.219, lng: 36.9045, aliases: ['Hunters Estate'] },
  { id: 'gz-clay-city', name: 'Clay City', area: 'Kasarani, Nairobi', kind: 'estate', lat: -1.227, lng: 36.915 },
  { id: 'gz-mirema', name: 'Mirema', area: 'Roysambu, Nairobi', kind: 'estate', lat: -1.214, lng: 36.88, aliases: ['Mirema Drive'] },
  { id: 'gz-lucky-summer', name: 'Lucky Summer', area: 'Ruaraka, Nairobi', kind: 'estate', lat: -1.239, lng: 36.894 },
  { id: 'gz-baba-dogo', name: 'Baba Dogo', area: 'Ruaraka, Nairobi', kind: 'estate', lat: -1.244, lng: 36.886 },
  { id: 'gz-ngumba', name: 'Ngumba', area: 'Ruaraka, Nairobi', kind: 'estate', lat: -1.23, lng: 36.883, aliases: ['Ngumba Estate'] },
  { id: 'gz-thome', name: 'Thome', area: 'Roysambu, Nairobi', kind: 'estate', lat: -1.205, lng: 36.868, aliases: ['Thome Estate'] },
  { id: 'gz-marurui', name: 'Marurui', area: 'Roysambu, Nairobi', kind: 'estate', lat: -1.204, lng: 36.88 },
  { id: 'gz-thindigua', name: 'Thindigua', area: 'Kiambu Road, Kiambu County', kind: 'estate', lat: -1.207, lng: 36.838 },
  { id: 'gz-windsor', name: 'Windsor', area: 'Ridgeways, Nairobi', kind: 'estate', lat: -1.213, lng: 36.857, aliases: ['Windsor Golf Hotel'] },
  { id: 'gz-korogocho', name: 'Korogocho', area: 'Korogocho, Nairobi', kind: 'estate', lat: -1.25, lng: 36.889 },

  // ── Greater Nairobi: Eastlands and Kangundo Road ────────────────────────────
  { id: 'gz-tassia', name: 'Tassia', area: 'Embakasi, Nairobi', kind: 'estate', lat: -1.303, lng: 36.911 },
  { id: 'gz-savannah', name: 'Savannah', area: 'Embakasi, Nairobi', kind: 'estate', lat: -1.29, lng: 36.909, aliases: ['Savannah Estate'] },
  { id: 'gz-njiru', name: 'Njiru', area: 'Njiru, Nairobi', kind: 'estate', lat: -1.252, lng: 36.944 },
  { id: 'gz-mihango', name: 'Mihango', area: 'Utawala, Nairobi', kind: 'estate', lat: -1.273, lng: 36.953 },
  { id: 'gz-jericho', name: 'Jericho', area: 'Makadara, Nairobi', kind: 'estate', lat: -1.288, lng: 36.867 },
  { id: 'gz-makadara', name: 'Makadara', area: 'Makadara, Nairobi', kind: 'estate', lat: -1.295, lng: 36.866 },
  { id: 'gz-makongeni', name: 'Makongeni', area: 'Makadara, Nairobi', kind: 'estate', lat: -1.293, lng: 36.86 },
  { id: 'gz-kaloleni', name: 'Kaloleni', area: 'Makadara, Nairobi', kind: 'estate', lat: -1.292, lng: 36.855 },
  { id: 'gz-bahati', name: 'Bahati', area: 'Makadara, Nairobi', kind: 'estate', lat: -1.286, lng: 36.856 },
  { id: 'gz-shauri-moyo', name: 'Shauri Moyo', area: 'Kamukunji, Nairobi', kind: 'estate', lat: -1.287, lng: 36.848 },
  { id: 'gz-harambee', name: 'Harambee', area: 'Makadara, Nairobi', kind: 'estate', lat: -1.292, lng: 36.876, aliases: ['Harambee Estate'] },
  { id: 'gz-kariokor', name: 'Kariokor', area: 'Starehe, Nairobi', kind: 'estate', lat: -1.275, lng: 36.831 },

  // ── Greater Nairobi: west and south ─────────────────────────────────────────
  { id: 'gz-riruta', name: 'Riruta', area: 'Dagoretti, Nairobi', kind: 'estate', lat: -1.293, lng: 36.738, aliases: ['Riruta Satellite', 'Satellite'] },
  { id: 'gz-waithaka', name: 'Waithaka', area: 'Dagoretti, Nairobi', kind: 'estate', lat: -1.288, lng: 36.72 },
  { id: 'gz-kabiria', name: 'Kabiria', area: 'Dagoretti, Nairobi', kind: 'estate', lat: -1.305, lng: 36.727 },
  { id: 'gz-jamhuri', name: 'Jamhuri', area: 'Ngong Road, Nairobi', kind: 'estate', lat: -1.301, lng: 36.765, aliases: ['Jamhuri Estate'] },
  { id: 'gz-woodley', name: 'Woodley', area: 'Kibra, Nairobi', kind: 'estate', lat: -1.299, lng: 36.778, aliases: ['Woodley Estate'] },
  { id: 'gz-ngumo', name: 'Ngumo', area: 'Kibra, Nairobi', kind: 'estate', lat: -1.305, lng: 36.799, aliases: ['Ngumo Estate'] },
  { id: 'gz-otiende', name: 'Otiende', area: 'Langata, Nairobi', kind: 'estate', lat: -1.3255, lng: 36.772 },
  { id: 'gz-southlands', name: 'Southlands', area: 'Langata, Nairobi', kind: 'estate', lat: -1.333, lng: 36.779 },
  { id: 'gz-hardy', name: 'Hardy', area: 'Karen, Nairobi', kind: 'estate', lat: -1.354, lng: 36.724 },
  { id: 'gz-nyari', name: 'Nyari', area: 'Kitisuru, Nairobi', kind: 'estate', lat: -1.239, lng: 36.775, aliases: ['Nyari Estate'] },
  { id: 'gz-mwimuto', name: 'Mwimuto', area: 'Kabete, Kiambu County', kind: 'estate', lat: -1.226, lng: 36.744 },
  { id: 'gz-lower-kabete', name: 'Lower Kabete', area: 'Kabete, Nairobi', kind: 'neighbourhood', lat: -1.249, lng: 36.742 },
  { id: 'gz-brookside', name: 'Brookside', area: 'Westlands, Nairobi', kind: 'estate', lat: -1.259, lng: 36.802, aliases: ['Brookside Drive'] },

  // ── Greater Nairobi: malls ──────────────────────────────────────────────────
  { id: 'gz-nextgen-mall', name: 'Nextgen Mall', area: 'Mombasa Road, Nairobi', kind: 'mall', lat: -1.3152, lng: 36.8376, aliases: ['Next Gen Mall'] },
  { id: 'gz-gateway-mall', name: 'Gateway Mall', area: 'Syokimau, Machakos County', kind: 'mall', lat: -1.379, lng: 36.933 },
  { id: 'gz-signature-mall', name: 'Signature Mall', area: 'Mlolongo, Machakos County', kind: 'mall', lat: -1.387, lng: 36.938 },
  { id: 'gz-eastgate-mall', name: 'Eastgate Mall', area: 'Donholm, Nairobi', kind: 'mall', lat: -1.2876, lng: 36.8913 },
  { id: 'gz-greenspan-mall', name: 'Greenspan Mall', area: 'Donholm, Nairobi', kind: 'mall', lat: -1.2872, lng: 36.8995, aliases: ['Greenspan'] },
  { id: 'gz-imaara-mall', name: 'Imaara Mall', area: 'Mombasa Road, Nairobi', kind: 'mall', lat: -1.325, lng: 36.878 },
  { id: 'gz-mountain-mall', name: 'Mountain Mall', area: 'Thika Road, Nairobi', kind: 'mall', lat: -1.2232, lng: 36.8837 },
  { id: 'gz-waterfront-karen', name: 'The Waterfront Karen', area: 'Karen, Nairobi', kind: 'mall', lat: -1.321, lng: 36.712, aliases: ['Waterfront Karen'] },
  { id: 'gz-maasai-mall', name: 'Maasai Mall', area: 'Rongai, Kajiado County', kind: 'mall', lat: -1.392, lng: 36.743 },
  { id: 'gz-ciata-mall', name: 'Ciata City Mall', area: 'Kiambu Road, Nairobi', kind: 'mall', lat: -1.2134, lng: 36.8355, aliases: ['Ciata Mall'] },
  { id: 'gz-valley-arcade', name: 'Valley Arcade', area: 'Lavington, Nairobi', kind: 'mall', lat: -1.282, lng: 36.767 },

  // ── Greater Nairobi: roads ──────────────────────────────────────────────────
  { id: 'gz-magadi-road', name: 'Magadi Road', area: 'Rongai, Kajiado County', kind: 'road', lat: -1.38, lng: 36.76, aliases: ['Magadi Rd'] },
  { id: 'gz-kangundo-road', name: 'Kangundo Road', area: 'Nairobi', kind: 'road', lat: -1.27, lng: 36.94, aliases: ['Kangundo Rd'] },
  { id: 'gz-eastern-bypass', name: 'Eastern Bypass', area: 'Nairobi', kind: 'road', lat: -1.275, lng: 36.935 },
  { id: 'gz-southern-bypass', name: 'Southern Bypass', area: 'Nairobi', kind: 'road', lat: -1.329, lng: 36.78 },
  { id: 'gz-northern-bypass', name: 'Northern Bypass', area: 'Nairobi', kind: 'road', lat: -1.215, lng: 36.83 },
  { id: 'gz-namanga-road', name: 'Namanga Road', area: 'Kitengela, Kajiado County', kind: 'road', lat: -1.44, lng: 36.97, aliases: ['Namanga Rd'] },
  { id: 'gz-murang-a-road', name: "Murang'a Road", area: 'Nairobi', kind: 'road', lat: -1.272, lng: 36.831, aliases: ['Muranga Road'] },
  { id: 'gz-wangari-maathai-road', name: 'Prof. Wangari Maathai Road', area: 'Nairobi', kind: 'road', lat: -1.267, lng: 36.825, aliases: ['Forest Road', 'Wangari Maathai Road'] },
  { id: 'gz-lower-kabete-road', name: 'Lower Kabete Road', area: 'Westlands, Nairobi', kind: 'road', lat: -1.256, lng: 36.78 },
  { id: 'gz-james-gichuru-road', name: 'James Gichuru Road', area: 'Lavington, Nairobi', kind: 'road', lat: -1.27, lng: 36.769 },
  { id: 'gz-riverside-drive', name: 'Riverside Drive', area: 'Riverside, Nairobi', kind: 'road', lat: -1.272, lng: 36.8 },
  { id: 'gz-enterprise-road', name: 'Enterprise Road', area: 'Industrial Area, Nairobi', kind: 'road', lat: -1.312, lng: 36.856 },
  { id: 'gz-karen-road', name: 'Karen Road', area: 'Karen, Nairobi', kind: 'road', lat: -1.322, lng: 36.716 },
  { id: 'gz-manyanja-road', name: 'Manyanja Road', area: 'Donholm, Nairobi', kind: 'road', lat: -1.287, lng: 36.892 },

  // ── Greater Nairobi: landmarks ──────────────────────────────────────────────
  { id: 'gz-jkuat', name: 'JKUAT', area: 'Juja, Kiambu County', kind: 'landmark', lat: -1.0966, lng: 37.0145, aliases: ['Jomo Kenyatta University of Agriculture and Technology'] },
  { id: 'gz-usiu', name: 'USIU-Africa', area: 'Kasarani, Nairobi', kind: 'landmark', lat: -1.219, lng: 36.879, aliases: ['USIU', 'United States International University'] },
  { id: 'gz-safari-park-hotel', name: 'Safari Park Hotel', area: 'Thika Road, Nairobi', kind: 'landmark', lat: -1.2286, lng: 36.8768, aliases: ['Safari Park'] },
  { id: 'gz-sgr-nairobi-terminus', name: 'Nairobi SGR Terminus', area: 'Syokimau, Machakos County', kind: 'landmark', lat: -1.3634, lng: 36.9125, aliases: ['SGR Terminus', 'Syokimau SGR'] },
  { id: 'gz-mp-shah-hospital', name: 'MP Shah Hospital', area: 'Parklands, Nairobi', kind: 'landmark', lat: -1.262, lng: 36.813, aliases: ['M.P. Shah Hospital'] },
  { id: 'gz-gertrudes-hospital', name: "Gertrude's Children's Hospital", area: 'Muthaiga, Nairobi', kind: 'landmark', lat: -1.253, lng: 36.833, aliases: ["Gertrude's Hospital"] },
  { id: 'gz-city-park', name: 'City Park', area: 'Parklands, Nairobi', kind: 'landmark', lat: -1.262, lng: 36.826 },
  { id: 'gz-nairobi-arboretum', name: 'Nairobi Arboretum', area: 'Kileleshwa, Nairobi', kind: 'landmark', lat: -1.273, lng: 36.806, aliases: ['Arboretum'] },
  { id: 'gz-ngong-racecourse', name: 'Ngong Racecourse', area: 'Ngong Road, Nairobi', kind: 'landmark', lat: -1.305, lng: 36.758, aliases: ['Racecourse'] },
];

const byId = new Map<string, GazetteerEntry>(NAIROBI_GAZETTEER.map((e) => [e.id, e]));

export function findGazetteerEntry(id: string): GazetteerEntry | undefined {
  return byId.get(id);
}
