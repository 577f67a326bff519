import type { NamedSpec } from "./named.ts";

/** Workplace values a posting may state ("we value transparency"); a candidate shows them by naming them too. */
export const VALUES: NamedSpec = {
  Integrity: "integrity|honesty|honest",
  "Diversity and inclusion": "diversity|inclusion|diversity and inclusion|diversity equity and inclusion|diversity, equity and inclusion|dei|inclusive",
  Sustainability: "sustainability|sustainable",
  Transparency: "transparency|transparent|open communication",
  Ownership: "ownership|take ownership|takes ownership|sense of ownership|ownership mentality",
  Innovation: "innovation|innovative",
  Excellence: "excellence|craftsmanship|high standards",
  Accountability: "accountability",
  Respect: "respect|mutual respect|respectful",
  Trust: "trust|mutual trust",
  Collaboration: "collaboration|collaborate",
  "Continuous learning": "continuous learning|lifelong learning|growth mindset|continuous improvement",
};
