/** A realistic posting and résumés used across the engine tests. Dates are relative to NOW. */

export const NOW = new Date(Date.UTC(2025, 5, 15));
export const POSTED = new Date(Date.UTC(2025, 5, 1));

export const JOB = `Senior Backend Engineer (Remote, EU) - Berlin
Location: Berlin, Germany (Hybrid)

About us
We are a mission-driven fintech company. We value transparency and ownership, we celebrate wins together and
we believe in continuous learning.

What you'll do
- Design and build scalable APIs in Python and Go
- Run our services on Kubernetes and AWS
- Mentor engineers and review code

Requirements
- 5+ years of professional software engineering experience
- Strong Python and PostgreSQL skills
- Hands-on experience with Docker and Kubernetes
- Bachelor's degree in Computer Science or a related field, or equivalent practical experience
- Detail-oriented team player

Nice to have
- Terraform or Helm
- GraphQL is a plus
- A passion for open source

What we offer
- Learning budget and AWS certification support
- Competitive salary
`;

export const STRONG_RESUME = `Jane Doe
Berlin · jane.doe@example.com

Summary
Backend engineer with a passion for open source. Detail-oriented team player, curious and always learning.

Experience
Senior Software Engineer, Acme GmbH
Jan 2021 – Present
- Built Python and Go services on Kubernetes and AWS, backed by PostgreSQL
- Introduced Terraform for all infrastructure; mentoring two junior engineers

Software Engineer, Beta AG
Mar 2016 – Dec 2020
- Django REST APIs, Docker, SQL

Freelance Developer
Jun 2019 – Dec 2019

Education
M.Sc. Computer Science, Technical University of Munich, 2014 – 2016
B.Sc. Computer Science, University of Stuttgart, 2011 – 2014

Skills
Python, Go, PostgreSQL, Docker, Kubernetes, Terraform, Git, Linux

Certifications
AWS Certified Solutions Architect

Languages
English, German

Interests
Open source, rock climbing, woodworking
`;

export const WEAK_RESUME = `John Smith
Staff Accountant

Experience
Accountant, Smith & Co
2022 – 2024
- Bookkeeping and month-end close in Excel
- Excellent communication skills

Education
Lincoln High School, high school diploma

Interests
Chess, travel
`;

/**
 * A payments posting whose domain vocabulary is mostly outside the catalogue (payouts, chargebacks, settlement
 * files), for the vocabulary and relevance tests; `title` and one requirement vary between them.
 */
export const paymentsPosting = (title: string, requirement: string): string =>
  [
    title,
    "About us",
    "Harbourline builds treasury software for credit unions.",
    "Requirements",
    "- Python and Docker",
    "- You have reconciled ledgers for an accountant or a controller",
    "- Comfortable with payouts, chargebacks, settlement files and card networks",
    `- ${requirement}`,
    "Benefits",
    "- Pension, gym membership and bicycle scheme",
  ].join("\n");
