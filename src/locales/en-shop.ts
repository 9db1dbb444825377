/**
 * The English texts every page needs: the landing page, the cart, the not-found page, the titles
 * (spec §1, §2). The checkout page's texts (./en-checkout.ts) travel with its code; ./en.ts is both.
 */
const enShop = {
  /** Document titles, one per route (also written into the prerendered HTML). */
  meta: {
    title: 'Pet Ball Pro – Interactive Electric Pet Ball',
    checkoutTitle: 'Checkout – Pet Ball Pro',
    notFoundTitle: 'This page has not been generated – Pet Ball Pro',
  },
  brand: {
    name: 'Pet Ball Pro',
  },
  colour: {
    'hot-pink': 'Hot Pink',
    'sunset-orange': 'Sunset Orange',
    'ocean-blue': 'Ocean Blue',
  },
  cartButton: {
    label: 'Open cart',
    labelWithCount_one: 'Open cart, {{count}} item',
    labelWithCount_other: 'Open cart, {{count}} items',
  },
  hero: {
    imageAlt: 'Pet Ball Pro interactive electric ball in {{colour}}, ribbed texture',
    sizeNote: '4.3cm/1.69in diameter',
    newBadge: 'NEW!',
  },
  product: {
    title: 'Pet Ball Pro: the Interactive Electric Pet Ball',
    tagline: 'Endless play, even when you are busy.',
    description:
      'A self-rolling smart ball with a soft ribbed texture that is gentle on teeth and paws. It rolls, bounces and changes direction on its own to keep cats and dogs moving, with up to 8 hours of play on a single charge and IPX7 waterproofing for muddy adventures.',
    price: 'Price',
    listPrice: 'Was {{price}}',
    discount: '{{percent}}% OFF',
    rating: 'Rated 5 out of 5 stars',
    reviews: '(2,847 reviews)',
    colourLegend: 'Colour: {{colour}}',
    quantityLabel: 'Quantity',
    decreaseQuantity: 'Decrease quantity',
    increaseQuantity: 'Increase quantity',
    quantityMinimum: 'Quantity cannot go below 1',
    quantityAnnouncement: 'Quantity {{count}}',
    addToCart: 'Add to Cart - {{price}}',
    buyNowPayPal: 'Buy Now with PayPal',
  },
  perks: {
    freeShipping: 'Free shipping over $35',
    warranty: '1-year warranty',
    returns: '30-day returns',
  },
  toast: {
    added: 'Added to cart successfully!',
  },
  /** A new release of the shop waits (spec §2 'New release'). */
  release: {
    ready: 'A new version of the shop is ready',
    reload: 'Reload',
  },
  showcase: {
    title: 'Pick Your Colour',
    subtitle: 'Three bold shades, one irresistible ball.',
    selected: 'Selected',
    select: 'Select {{colour}}',
  },
  features: {
    title: 'Why Pets Love It',
    subtitle: 'Built for play, made to last.',
    items: {
      autoRoll: {
        title: 'Smart Auto-Roll',
        text: 'Rolls, spins and changes direction by itself, so every chase is a new game.',
      },
      battery: {
        title: 'Up to 8 Hours of Play',
        text: 'A rechargeable battery lasts up to 8 hours; a USB charge takes about an hour.',
      },
      waterproof: {
        title: 'IPX7 Waterproof',
        text: 'Rated IPX7 waterproof: play in the garden, by the pool or in the bath, then rinse it clean.',
      },
      texture: {
        title: 'Gentle Ribbed Texture',
        text: 'Soft, chew-safe ribs give paws and teeth a grip and massage gums while they play.',
      },
    },
  },
  howItWorks: {
    title: 'How It Works',
    steps: {
      charge: { title: 'Charge', text: 'Plug in the USB cable until the light turns green.' },
      activate: {
        title: 'Activate',
        text: 'Press the button once and the ball wakes up with a gentle roll.',
      },
      play: { title: 'Play', text: 'Watch your pet chase, pounce and play for hours.' },
    },
    step: 'Step {{number}}',
  },
  action: {
    title: 'See It In Action',
    text: 'The Pet Ball Pro senses obstacles and rolls away on its own, keeping your pet active and entertained while you are at work or relaxing on the sofa.',
    cta: 'Get Yours Today - {{price}}',
  },
  testimonials: {
    title: 'Happy Pets, Happy Owners',
    items: {
      sarah: {
        quote: 'My cat Luna has not stopped chasing it since it arrived. Best toy we have ever bought!',
        name: 'Sarah M.',
        pet: 'Cat owner',
      },
      james: {
        quote:
          'Max is a high-energy Labrador and this ball keeps him busy for hours. It survived the pond, too.',
        name: 'James T.',
        pet: 'Dog owner',
      },
      priya: {
        quote:
          'The Ocean Blue one is gorgeous and the battery really lasts. Our two kittens share it happily.',
        name: 'Priya K.',
        pet: 'Cat owner',
      },
    },
  },
  closing: {
    title: 'Give Your Pet the Gift of Play',
    text: '1-year warranty, 30-day returns and a 30-day money-back guarantee. Nothing to lose but boredom.',
    orderNow: 'Order Now - {{price}}',
    learnMore: 'Learn More',
  },
  footer: {
    tagline: 'Interactive toys that keep pets happy, healthy and entertained.',
    product: 'Product',
    support: 'Support',
    company: 'Company',
    links: {
      features: 'Features',
      colours: 'Colours',
      reviews: 'Reviews',
      faq: 'FAQ',
      shipping: 'Shipping',
      returns: 'Returns',
      contact: 'Contact Us',
      about: 'About Us',
      blog: 'Blog',
      careers: 'Careers',
    },
    social: 'Follow us',
    facebook: 'Facebook',
    instagram: 'Instagram',
    twitter: 'Twitter',
    youtube: 'YouTube',
    builtWith: 'Built with a website builder',
    newTab: '(opens in a new tab)',
    copyright: '© 2024 Pet Ball Pro. All rights reserved.',
  },
  lineItem: {
    colour: 'Colour: {{colour}}',
    quantity: 'Qty: {{count}}',
  },
  cart: {
    title: 'Your Cart',
    close: 'Close cart',
    empty: 'Your cart is empty',
    startShopping: 'Start Shopping',
    total: 'Total',
    proceed: 'Proceed to Checkout',
    continueShopping: 'Continue Shopping',
    /** While the checkout's code downloads. Three dots, as the spec's 'Processing...'. */
    openingCheckout: 'Opening checkout...',
    tryAgain: 'Try again',
    /** Why the checkout did not open; the cart is kept. */
    checkoutFailure: {
      offline:
        "You're offline, so the checkout couldn't open. Your cart is saved: reconnect, then try again.",
      unavailable:
        "The checkout couldn't open: our server isn't answering right now. Your cart is saved: please try again in a moment.",
    },
  },
  /** Shown only when JavaScript is off or blocked. */
  noScript: {
    title: 'Buying needs JavaScript',
    text: 'Turn on JavaScript in your browser to choose a colour, fill your cart and check out.',
  },
  notFound: {
    title: 'This page has not been generated',
    text: 'Tell me what you would like on this page',
    home: 'Back to Shop',
  },
} as const;

export default enShop;
