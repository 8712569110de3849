// The icons of the header (the menu, search and cart buttons, the account's name): a chunk of
// their own, with lucide's drawing code (shell-icon.tsx).
export { Menu, Search, ShoppingCart, UserRound, X } from 'lucide-react';
