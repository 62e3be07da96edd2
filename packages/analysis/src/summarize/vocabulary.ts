/**
 * What a clause names, per topic, and how a summary sentence says it: each row is a pattern the
 * clause must contain and the words the sentence uses for it. A sentence lists only what its own
 * quote names (`namedIn` in details.ts), so two services with different clauses get different
 * sentences, and every word of detail can be checked against the quote.
 */
type Vocabulary = ReadonlyArray<readonly [RegExp, string]>;

/** The demands to which the service hands data to authorities. */
export const LEGAL_DEMANDS: Vocabulary = [
  [/\bsubpoenas?\b/i, 'subpoenas'],
  [/\bcourt orders?\b/i, 'court orders'],
  [/\bwarrants?\b/i, 'warrants'],
  [/\blegal process\b/i, 'legal process'],
  [/\bnational security\b/i, 'national security requests'],
  [/\blegal requests?\b/i, 'legal requests'],
  [/\bgovernment(?:al)? requests?\b/i, 'government requests'],
];

/** Other grounds on which it discloses data without such a demand. */
export const DISCLOSURE_GROUNDS: Vocabulary = [
  [/\bemergenc|\bimminent\b[^.]{0,40}\bharm\b|\bbodily harm\b/i, 'in emergencies'],
  [/\bto protect\b[^.]{0,80}\b(?:rights|property|safety)\b/i, 'to protect rights or safety'],
  [/\bfraud\b/i, 'in cases of fraud'],
  [
    /\bclaims? (?:asserted |brought )?against us\b|\benforce\w* (?:our|its|these) (?:terms|agreements?|policies)\b/i,
    'to enforce its terms or defend claims',
  ],
];

/** Who else, beside authorities, a legal-disclosure clause hands data to. */
export const OTHER_RECIPIENTS: Vocabulary = [
  [/\bparties to (?:a |any )?(?:litigation|legal proceedings)\b|\bcivil litigants\b|\blitigants\b/i, 'parties to lawsuits'],
  [/\bcopyright holders\b|\brights holders\b/i, 'copyright holders'],
  [/\bresearchers\b/i, 'researchers'],
];

/** Warranties an "as is" clause disclaims: what the service itself is not promised to be first, the stock legal trio after. */
export const WARRANTIES: Vocabulary = [
  [/\buninterrupted\b/i, 'uninterrupted service'],
  [/\bsecure\b/i, 'security'],
  [/\bvirus|harmful (?:components|code)\b/i, 'freedom from viruses'],
  [/\berror-free\b|\berrors?\b/i, 'freedom from errors'],
  [/\baccura(?:te|cy)\b/i, 'accuracy'],
  [/\bmerchantab/i, 'merchantability'],
  [/\bfitness for a particular purpose\b/i, 'fitness for a particular purpose'],
  [/\bnon-?infringement\b/i, 'non-infringement'],
];

/** Grounds on which the service may close an account. */
const MATERIAL_BREACH = /\bmaterial(?:ly)?,? or repeated(?:ly)? (?:breach|violat)/i;
const BELIEVED_BREACH =
  /\b(?:believ|suspect|determin|conclud|consider|think)\w*\b[^.]{0,80}\b(?:breach|violat)\w*|\b(?:suspected|alleged|apparent) (?:breach|violation)/i;
export const TERMINATION_GROUNDS: Vocabulary = [
  [
    // (Discretion over whether you broke the rules, "if it determines, in its sole discretion, that you have violated", is no
    // discretion to close an account for any reason.)
    /\bfor any (?:other |or no )?reason\b|\bfor no reason\b|\b(?:at|in) (?:our|its) (?:sole (?:and absolute )?|absolute )?discretion\b(?!,? (?:that|whether)\b)(?<!\b(?:determin|decid|believ|find|conclud)\w*,? (?:at|in) (?:our|its) (?:sole (?:and absolute )?|absolute )?discretion)|\bwith or without cause\b/i,
    'at its discretion',
  ],
  // The grounds as the clause sets them, one of: a material or repeated breach; its belief or suspicion of one; a breach.
  [MATERIAL_BREACH, 'for a material or repeated breach of its rules'],
  [new RegExp(String.raw`^(?![^]*${MATERIAL_BREACH.source})[^]*?(?:${BELIEVED_BREACH.source})`, 'i'), 'if it believes you broke its rules'],
  [
    new RegExp(
      String.raw`^(?![^]*${MATERIAL_BREACH.source})(?![^]*${BELIEVED_BREACH.source})[^]*?(?:\bbreach|\bviolat\w*\b[^.]{0,40}\b(?:terms|agreement|polic|guidelines|rules))`,
      'i',
    ),
    'if you break its rules',
  ],
  [
    /\b(?:required|comply|complying) (?:to comply )?(?:by|with)? ?(?:the )?law\b|\blegal (?:reasons|requirements?|obligations?)\b/i,
    'where the law requires',
  ],
  // ("… whether or not there is any repeat infringement" is any infringement.)
  [
    /(?<!\bwhether or not there is any )\brepeat(?:ed(?:ly)?)? infring\w*|\binfring\w*\b[^.]{0,40}\brepeated(?:ly)?\b/i,
    'if you repeatedly infringe others’ rights',
  ],
  [
    /(?<!\brepeat(?:ed(?:ly)?)? )\binfring(?!\w*\b[^.]{0,40}\brepeated(?:ly)?\b)\w*|\bwhether or not there is any repeat infring/i,
    'if you infringe others’ rights',
  ],
  [/\bfraud\w*|\billegal\b|\bunlawful\b/i, 'for fraud or unlawful use'],
  [/\brisk\b|\bharm\w*\b/i, 'to prevent harm or risk'],
  [/\binactiv\w*/i, 'for inactivity'],
  [
    /\bpayment\b[^.]{0,80}\b(?:not (?:successfully )?(?:settled|made|processed)|fail\w*|declin\w*|insufficient)|\bnon-?payment\b|\bunpaid\b/i,
    'if a payment fails',
  ],
];

/** Kinds of cookies and trackers a cookie clause names. */
export const COOKIE_KINDS: Vocabulary = [
  [/\b(?:strictly )?necessary cookies|(?<!non-)\bessential (?:cookies|functionality)/i, 'essential cookies'],
  [/\b(?:analytics?|performance|measurement) (?:cookies|technologies|tools)\b|\bcookies\b[^.]{0,40}\banalytic/i, 'analytics cookies'],
  [
    /\b(?:advertising|targeting|marketing|ad) (?:cookies|technologies|trackers|identifiers)\b|\bcookies\b[^.]{0,50}\bto (?:show|serve|deliver|personali[sz]e|measure) (?:you )?(?:ads|advertis)/i,
    'advertising cookies',
  ],
  [/\bfunctional(?:ity)? cookies\b/i, 'functional cookies'],
  [
    /\bpreference cookies\b|\bcookies\b[^.]{0,40}\b(?:remember|store) (?:your )?(?:language )?(?:preferences|settings)/i,
    'preference cookies',
  ],
  [/\bsocial (?:media|network) (?:plugins?|buttons?)|\bsocial plugins?\b/i, 'social media plugins'],
  [/\bsocial (?:media|network) cookies\b/i, 'social media cookies'],
  [/\bthird[- ]party cookies\b|\bthird parties\b[^.]{0,40}\bcookies\b/i, 'third-party cookies'],
  [/\bpixels?\b|\bweb beacons?\b/i, 'pixels'],
  [/\blocal storage\b/i, 'local storage'],
];

/** What an indemnity covers. */
export const INDEMNITY_COVERS: Vocabulary = [
  [/\byour (?:user )?content\b|\bcontent you\b/i, 'your content'],
  [
    // (… not a use "in violation of these Terms": that is a breach, not ordinary use.)
    /(?:\byour (?:access(?: to)?,?\s*)?use\b|\buse of the (?:\w+ )?(?:services?|platform|site)\b|\bany activity\b[^.]{0,40}\b(?:on|through)\b)(?![^.;]{0,60}\b(?:in violation of|in breach of|that violates|contrary to)\b)/i,
    'your use of the service',
  ],
  // (Misuse is no ordinary use: "your misuse of the Services".)
  [/\bmisuse\b/i, 'your misuse of the service'],
  // (Not the service's own: "except to the extent we are in breach of these terms".)
  [
    /(?<!\b(?:is|are) in )\b(?:your )?(?:breach|violation) of (?:any (?:part )?of )?(?:these|this|the) (?:terms|agreement)/i,
    'your breach of the terms',
  ],
  [/\bviolat\w* (?:of )?(?:any )?(?:applicable )?laws?\b/i, 'your breaches of the law'],
  [/\bthird[- ]party(?:['’]s)? rights\b|\brights of (?:any )?(?:third|other)|\binfring/i, 'your infringing others’ rights'],
  // (Others' doings put on you: whoever uses your account, your quarrels with other people.)
  [
    /\b(?:anyone|any (?:other )?(?:person|user|party)|others?|third parties)\b[^.;]{0,80}\b(?:using|uses|with|through) your (?:account|credentials|password|login)\b/i,
    'anyone using your account',
  ],
  [
    /\byour (?:disputes?|interactions?) with (?:any )?(?:third part(?:y|ies)|other users?|another user|other people)\b|\b(?:disputes?|issues?)(?: or \w+)? between you and (?:any )?(?:third part(?:y|ies)|other users?|another user)\b/i,
    'your disputes with others',
  ],
  [/\battorneys?['’]? fees\b|\blegal (?:fees|costs)\b|\blawyers?['’]? fees\b/i, 'legal fees'],
];

/** How a service locates a device. */
export const LOCATION_SOURCES: Vocabulary = [
  [/\bGPS\b/, 'GPS'],
  [/\bwi-?fi\b/i, 'Wi-Fi'],
  [/\bbluetooth\b/i, 'Bluetooth'],
  [/\b(?:cell(?:ular)? towers?|mobile network)\b/i, 'cell towers'],
  [/\bIP address/i, 'IP address'],
  [/\bsensors?\b/i, 'device sensors'],
];

/** What an AI-training clause says is used. */
export const AI_TRAINING_DATA: Vocabulary = [
  [/\bpublic(?:ly available)? (?:posts?|content|information)\b(?! polic)/i, 'public content'],
  [/\b(?:your|user) content\b|\bcontent you\b/i, 'your content'],
  [/\byour (?:photos|images|pictures)\b/i, 'your photos'],
  [/\byour (?:posts|videos|recordings)\b/i, 'your posts'],
  [/\binteractions? with\b[^.]{0,40}\b(?:AI|assistant|chatbot|features?)\b|\bprompts?\b/i, 'your interactions with AI features'],
  [/\bactivity\b|\busage\b/i, 'your activity'],
  [/\bpersonal (?:data|information)\b/i, 'personal data'],
];

/** What counts as accepting the terms. */
export const ACCEPTANCE_ACTS: Vocabulary = [
  [/\baccess\w*/i, 'accessing'],
  [/\bus(?:e|ing)\b/i, 'using'],
  [/\bdownload\w*|\binstall\w*/i, 'downloading'],
  [/\bregister\w*|\bcreat\w* an account\b|\bsign\w* up\b/i, 'signing up for'],
  [/\bclick\w*|\bcheck\w* (?:the )?box\b/i, 'clicking to accept'],
  [/\bbrows\w*|\bvisit\w*/i, 'browsing'],
];

/** Safeguards named for transfers abroad. */
export const TRANSFER_SAFEGUARDS: Vocabulary = [
  [/\bstandard contractual clauses\b|\bmodel (?:contract|contractual) clauses\b/i, 'standard contractual clauses'],
  // (Not the countries it is missing in: "to countries without adequacy decisions", "that do not have an adequacy decision".)
  [
    /(?<!\b(?:without|lack(?:ing)?|no|not (?:have|benefit from|covered by)|do not have|does not have|absence of) (?:an? |the )?)\badequacy (?:decision|finding)s?\b/i,
    'adequacy decisions',
  ],
  // (Relied on, certified under: not a pointer to a "Data Privacy Framework Disclosure", nor another "data privacy framework"
  // such as the Global CBPR System's.)
  [
    /\b(?:rel(?:y|ies|ying)|certif\w*|participat\w*|compl(?:y|ies)|adhere\w*|under|pursuant to|self-certif\w*)\b[^.]{0,80}\b(?:EU[-–‑]U\.?S\.? )?Data Privacy Framework\b(?! Disclosure)|\bPrivacy Shield\b/,
    'the Data Privacy Framework',
  ],
  [/\bbinding corporate rules\b/i, 'binding corporate rules'],
];

/** Who receives data sent abroad. */
export const TRANSFER_RECIPIENTS: Vocabulary = [
  [/\b(?:group companies|affiliates|subsidiaries)\b/i, 'its group companies'],
  [/\b(?:subcontractors|subprocessors|service providers|vendors)\b/i, 'its service providers'],
  [/\bpartners\b/i, 'partners'],
];

/** Company events in which data passes to another owner. */
export const BUSINESS_EVENTS: Vocabulary = [
  [/\bmerg/i, 'a merger'],
  [/\bacqui/i, 'an acquisition'],
  [/\b(?:sale|sell)\w* (?:of )?(?:all or (?:a )?(?:portion|part) of )?(?:our |its )?(?:assets|business|company)/i, 'a sale of assets'],
  [/\bbankrupt|\binsolven|\breceivership/i, 'bankruptcy'],
  [/\breorgani[sz]/i, 'a reorganisation'],
  [/\bfinanc(?:ing|e)\b|\binvestment\b/i, 'a financing'],
];

/** The terms of a content licence, as the quoted clause writes them ("non-transferable" names none). */
export const LICENCE_TERMS: Vocabulary = [
  [/\bworldwide\b/i, 'worldwide'],
  [/\broyalty[- ]free\b/i, 'royalty-free'],
  // "in perpetuity if permitted under applicable law" is perpetual only where the law allows it.
  [/\bperpetu\w*\b(?! (?:if|where|to the extent) (?:it is )?(?:permitted|allowed))/i, 'perpetual'],
  [/\bperpetu\w* (?:if|where|to the extent) (?:it is )?(?:permitted|allowed)/i, 'perpetual where the law allows'],
  [/(?<!non-?)\birrevocabl\w*/i, 'irrevocable'],
  [/(?<!non-?)\btransferable\b/i, 'transferable'],
  [/(?<!non-?)\bsub-?licen[cs]\w*/i, 'sublicensable'],
];

/** The rights over personal data a clause names, as verbs. */
export const DATA_RIGHTS: Vocabulary = [
  [/\baccess\b/i, 'access'],
  [/\bcorrect\w*|\brectif/i, 'correct'],
  [/\bdelet\w*|\berase|\berasure\b/i, 'delete'],
  [/\bport(?:ability|ing|\b)|\bcopy of\b|\bdownload/i, 'get a copy of'],
  [/\bobject\b|\bobjection\b/i, 'object to the use of'],
  [/\brestrict\w*/i, 'restrict the use of'],
];

/** What personalised ads are based on, as a clause names it (the user's own signals, not the company's "activities"). */
export const AD_SIGNALS: Vocabulary = [
  [
    /\byour (?:online )?activit(?:y|ies) (?:on|across|off|outside)\b[^.]{0,40}\b(?:other|third[- ]party|partner|websites|apps)|\bother (?:websites|sites|apps) you (?:visit|use)\b/i,
    'your activity on other sites and apps',
  ],
  [
    /\byour (?:online )?activit(?:y|ies)\b|\bwhat you (?:watch|view|search|like|do)\b|\bvideos you(?:['’]ve)? watch|\byour (?:searches|browsing)\b/i,
    'your activity',
  ],
  [/\byour interests\b|\binterest-based\b/i, 'your interests'],
  [
    /\binformation (?:that )?(?:partners|advertisers|third parties)[^.]{0,40}\b(?:provide|share)|\b(?:information|data) (?:we (?:collect|receive|get) )?from (?:our )?(?:partners|advertisers|third parties)\b/i,
    'data from partners',
  ],
];

/** The moral rights a waiver names. */
export const MORAL_RIGHTS: Vocabulary = [
  [/\battribution\b|\bidentified as the (?:author|creator)\b|\bright of paternity\b/i, 'the right to be named as the author'],
  [/\bderogatory treatment\b|\bright of integrity\b|\bintegrity of\b/i, 'the right to object to changes to your work'],
];

/** Grounds on which the service removes what you post. */
export const REMOVAL_GROUNDS: Vocabulary = [
  [
    /\b(?:violat|breach|in breach)\w*\b[^.]{0,60}\b(?:terms|agreement|polic|guidelines|rules|standards)\b/i,
    'if it breaks the terms or policies',
  ],
  [/\brequired\b[^.]{0,30}\bby (?:applicable )?law\b|\bas required by (?:applicable )?laws?\b/i, 'where the law requires'],
  [/\b(?:cause|causes|causing)\b[^.]{0,10}\bharm\b|\bharmful\b/i, 'if it may cause harm'],
  [/\bliabilit(?:y|ies) for us\b|\bcreate liability\b/i, 'if it may create liability for the service'],
];

/** What the recipients of shared data do with it, as a sharing clause names it ("to provide website hosting …; fulfill orders; conduct data analysis"). */
export const SHARING_PURPOSES: Vocabulary = [
  [/\bhosting\b|\bcloud (?:storage|computing|services)\b|\bdata (?:storage|cent(?:er|re)s?)\b/i, 'hosting'],
  [/\bpayments?\b[^.;]{0,20}\bprocess\w*|\bpayment processors?\b|\bbilling\b/i, 'payments'],
  [
    /\bfulfil+\w* (?:your |customer )?orders?\b|\border fulfil+ment\b|\bdeliver\w* (?:your )?(?:orders|packages|products)\b/i,
    'order fulfilment',
  ],
  [/\bcustomer (?:service|support|care)\b|\btechnical support\b/i, 'customer support'],
  [/\bdata analysis\b|\banalytics\b|\bcreate reports\b/i, 'analytics'],
  [/\bfraud\b|\bsecurity services\b/i, 'security and fraud prevention'],
  [/\bSMS\b|\be-?mail (?:delivery|services)\b|\bsending (?:e-?mails|communications|messages)\b/i, 'sending messages'],
  [/\bidentity verification\b|\bverify (?:your )?identity\b/i, 'identity checks'],
  [/\bmarketing\b/i, 'marketing'],
  [/\bauditors?\b|\bprofessional advis\w*|\blegal advis\w*/i, 'audits and advice'],
];

/** Kinds of biometric data a clause names. */
export const BIOMETRIC_KINDS: Vocabulary = [
  [/\bfac(?:e|ial)\b|\bselfie\b/i, 'your face'],
  [/\bvoice ?prints?\b|\bvoice recordings?\b/i, 'your voice'],
  [/\bfingerprints?\b/i, 'fingerprints'],
  [/\bkeystroke patterns\b|\btyping (?:patterns|rhythms?)\b/i, 'your typing rhythm'],
];

/** Why the service reads or reviews messages, as the clause says. */
export const MESSAGE_REVIEW_PURPOSES: Vocabulary = [
  [/\bspam\b/i, 'to detect spam'],
  [/\b(?:enforce|breach\w*|violat\w*)\b[^.]{0,40}\b(?:terms|policies|guidelines|rules)\b/i, 'to enforce its rules'],
  [/\bfraud\b/i, 'to prevent fraud'],
  [/\bsafety\b|\brisk to\b|\bharm\b/i, 'for safety'],
];

/** What of the service other sites embed, through which it sees what you do there. */
export const EMBEDDED_TOOLS: Vocabulary = [
  [/\bpixels?\b/i, 'pixels'],
  [/\bwidgets?\b/i, 'widgets'],
  [/\bplug-?ins?\b/i, 'plug-ins'],
  [/\bbuttons?\b/i, 'buttons'],
  [/\bvideos?\b/i, 'videos'],
];

/** What a service hands to advertising partners, as the clause names it. */
export const AD_SHARED_DATA: Vocabulary = [
  [/\bhashed (?:e-?mail|contact)/i, 'hashed contact details'],
  [/\b(?:advertising|ad|device|mobile ad) (?:IDs?|identifiers)\b/i, 'advertising or device IDs'],
  [/\bcookie (?:IDs?|identifiers)\b/i, 'cookie IDs'],
  [/\bidentifiers\b/i, 'identifiers'],
  [/\bIP address/i, 'IP addresses'],
];
