import type { DocumentType, FactAnswer, ScoredFactId } from '@fineprint/contracts';
import {
  findAge,
  findCourt,
  findEmail,
  findRoute,
  findSettingName,
  findUsd,
  findWebAddress,
  isCategoryRow,
  isStatement,
  NUMBER_WORDS,
} from '../summarize/details';
import { POINTS_BACK } from '../segment/segment';
import { TRANSFER_SAFEGUARDS } from '../summarize/vocabulary';
import { givesServicePowerToEnd, isBackedByQuote, statesPlainly } from './reconcile';
import {
  durationsIn,
  europeanRegionsIn,
  isDeniedBefore,
  isInNegationScope,
  leadInOf,
  NOT_STATED,
  regionOf,
  scopeOf,
  scopeWithSource,
  survivalOf,
  USER_OBLIGATION,
  type Located,
  type ReadContext,
} from './reader';

/**
 * One question of the fact sheet as data: how to read it, and example clauses with the answer
 * each must give (tests are generated from them). A legal reading is corrected here, in one place.
 */
export interface FactQuestion {
  id: ScoredFactId;
  read(ctx: ReadContext): FactAnswer;
  examples: ReadonlyArray<{
    clause: string;
    document?: DocumentType;
    value: FactAnswer['value'];
    fields?: Record<string, unknown>;
    /** The clause the answer must quote first (the one that states it), where the example is about that. */
    quote?: string;
  }>;
}

const PRIVACY: readonly DocumentType[] = ['privacy'];
const TERMS: readonly DocumentType[] = ['terms'];

/** Clauses that bind the service, not the user: neither "you must not …" nor an item of a list, an enumeration or a section under "you will not:". */
const serviceOnly = (found: Located[]) => found.filter((l) => !USER_OBLIGATION.test(l.clause.text) && !USER_OBLIGATION.test(leadInOf(l)));

/** A sentence whose subject is someone other than the service: "They …", "Third parties …", "Our service providers …". */
const OTHERS_AS_SUBJECT =
  /^\W*(?:they|these (?:third parties|companies|providers|partners|services|vendors)|third[- ]part(?:y|ies)\b[^.,]{0,40}?|(?:our |such |these )?(?:partners|vendors|(?:service )?providers|advertisers|processors|sub-?processors))\s+(?:do|does|will|shall|may|must|are|is|have|cannot|can)\b/i;
/** A practice the service admits (affirmed), denies, or does not mention. */
function polar(
  ctx: ReadContext,
  options: { topic: RegExp; verb?: RegExp; documents?: readonly DocumentType[] },
): { affirmed: Located[]; denied: Located[] } {
  const found = serviceOnly(ctx.find(options.topic, options.documents));
  const verb = options.verb ?? options.topic;
  const negated = found.filter((l) => isInNegationScope(l.clause.text, verb));
  // A denial speaks for the service only when the service is its subject: "They [third-party AI services] do not use
  // your prompts for training" denies nothing of the service's own practice (nor affirms it).
  const denied = negated.filter((l) => !OTHERS_AS_SUBJECT.test(l.clause.text));
  return { affirmed: found.filter((l) => !negated.includes(l)), denied };
}

/**
 * Selling or renting your data: the verb's object is the data ("sell, rent or trade your personal information", "the sale
 * of personal data"), never something else a sentence also names ("If we were to sell our business, your information …").
 */
const SALE_VERBS = String.raw`(?:sell|sells|selling|rent|rents|renting)(?:(?:,\s*|\s+)(?:or |and )?(?:otherwise )?(?:sell|rent|lease|trade|share|disclose|transfer|license|exchange|moneti[sz]e|market|distribute|give away)\w*)*`;
/** Personal data as a noun phrase: "your personal information", "personally identifiable information", "customer data". */
const PERSONAL_DATA = String.raw`(?:(?:any|all|some|of|the|your|our|such|this|that|these|their|users?['’]?|customers?['’]?|members?['’]?|sensitive|other|or|and|kind|type|piece|pieces|potentially|personally[- ]identif\w+|private)\s+){0,6}(?:(?:personal|your|customer|user|member)\s+(?:data|information|details)|(?:information|data) about you|personally[- ]identif\w+ (?:information|data))`;
const SALE = new RegExp(
  String.raw`\b(?:${SALE_VERBS}|sale (?:or sharing )?of)\s+${PERSONAL_DATA}\b` +
    // Said of the data as subject ("Customer data is never sold", "none of your data gets sold") or by its pronoun in the
    // sentence that names it ("Your personal data is important to you, so we will never sell it").
    String.raw`|\b${PERSONAL_DATA}\b[^.;]{0,40}?\b(?:is|are|will be|be|gets?|get)\s+(?:\w+\s+){0,2}(?:sold|rented)\b` +
    String.raw`|\b(?:personal|your)\s+(?:data|information)\b[^.;]{0,80}\b(?:sell|rent)\s+(?:it|them)\b` +
    String.raw`|\bno sale of (?:your |any )?(?:personal )?(?:data|information)\b`,
  'i',
);
/** The verb a denial of a sale must cover (its negation's scope). */
const SALE_VERB = /\b(?:sell|rent|sale|selling|sold|rented)/i;
/** The "Do Not Sell or Share" link, by its capitals (a sentence "we do not sell" is a denial). */
// (Not a denial in title case: "We Do Not Sell Your Personal Information.")
const DO_NOT_SELL_LINK = /(?<!\b(?:[Ww]e|WE)\s)\bDo Not Sell\b/;
const SALE_OPT_OUT =
  /\b(?:opt[- ]out of (?:the |such |this )?(?:sale|selling|sharing\b(?!\s+(?:of\s+)?(?:your|my)\s+(?!personal\b|data\b|information\b)\w+))|opt[- ]out of having (?:your )?(?:personal )?(?:information|data) (?:shared|sold)\b|(?:direct|ask|instruct|tell) (?:us|[A-Z]\w+) (?:to )?not (?:to )?sell\b|right to opt[- ]out[^.]{0,40}(?:sale|sharing)|sale or sharing|sell(?:ing)? or shar(?:e|ing) (?:my|your)|(?:sharing|selling)['’"]?,? as (?:those|these) terms are defined|"?sharing"? (?:for|of personal information for) (?:cross-context|targeted))/i;

/**
 * The service's own disclosures admitted to be a sale or share as a law defines the words: "Some of these disclosures may
 * constitute "sharing" or the "sale" of personal information …", "may be considered a “sale”", "you may consider Flickr to
 * have “sold” …", "what some states may define as, ‘sharing or selling’". The practice is stated, whatever the word.
 */
const SALE_AS_DEFINED =
  /\b(?:may|might|could|would|likely to)\s+(?:\w+\s+)?(?:constitute|be (?:considered|deemed|treated as|viewed as)|qualify as|define[sd]? as,?|consider [A-Z][\w.]* to have)\s+(?:a |an |the |certain )?(?:[“"‘'][\w ]+[”"’'],?\s+(?:or |and )?)*[“"‘'](?:sales?|sell(?:ing)?|sold|shar(?:e|ing)(?: or sell(?:ing)?)?)\b/i;
/** A law as the subject that grants or requires: "The CCPA also gives …", "Nevada law (SB 220) requires …", "the Act provides". */
const LAW_SPEAKS =
  /\b(?:law|laws|Act|CCPA|CPRA|GDPR|statute|regulations?|legislation)\b(?:\s*\([^)]{1,30}\))?\s+(?:also\s+)?(?:gives?|grants?|provides?|requires?|allows?|permits?|entitles?)\b/;
/** A denial of one meaning of "sell" only: "not in the business of selling", "in the conventional sense", "for money", a quoted “sell”. */
const HEDGED_DENIAL =
  /\b(?:in the business of|(?:conventional|traditional|ordinary|usual) sense|for money|for monetary|in the way (?:most )?people|as (?:that|the|this|those|these) terms? (?:is|are) defined)\b|[“"‘']s(?:ell|old|ale)s?[”"’']/i;
/** Identifiers or contact data handed to advertising partners so they can target ads: a "share" under US state laws. */
const AD_SHARING =
  /\b(?:share|provide|disclose|give)\w*\b[^.]{0,160}\b(?:advertising partners?|ad (?:companies|partners|networks)|marketing (?:vendors|partners)|advertisers)\b[^.]{0,160}\b(?:ads|advertis\w*)\b|\b(?:advertising partners?|ad companies|marketing vendors|third[- ]party partners)\b[^.]{0,80}\b(?:serve|show|target|deliver)\w*\b[^.]{0,40}\bads\b/i;

/**
 * Advertising chosen for you: "personalised ads", or ads whose choice the sentence ties to you ("advertising based upon your
 * browsing activities and interests", "ads that may be more relevant to your interests", "personalize the adverts to you").
 */
const ADS = new RegExp(
  String.raw`\b(?:personali[sz]ed|targeted|interest-based|tailored|relevant|behavio(?:u)?ral)\s+(?:ads|adverts|advertising|advertisements)\b|\bads? (?:we|you) (?:show|see)\b|\bshow you ads\b` +
    String.raw`|\b(?:ads|adverts?|advertising|advertisements)\b[^.;]{0,40}?\b(?:based (?:up)?on|(?:more )?relevant to|tailored to|that (?:correlate|match)\w*)\b[^.;]{0,20}?\b(?:you\b|your (?:\w+ ){0,2}?(?:interests|browsing|activit\w*|visits|profile|preferences|searches|behaviou?r))` +
    // (… ads among the things tailored: "tailoring news, advertisements and deals for you", "personalise content and ads".)
    String.raw`|\b(?:personali[sz]e|tailor)\w* (?:(?:the |your |our )?[a-z]+,? (?:and |or )?){0,2}(?:the |your |our )?(?:ads|adverts|advertising|advertisements)\b`,
  'i',
);
/** A clause that states the service's use of data for personalised ads, not only a right or a way out of it. */
export const isAdsPractice = (text: string) =>
  ADS.test(text) &&
  // (A way out said with the practice counts: "We use data from partners to show you ads; you can turn this off in Settings".)
  (!ADS_OPT_OUT.test(text) || /\bwe\b[^.;]{0,40}\b(?:use|show|serve|provide|process|personali[sz]e|tailor)\w*\b/i.test(text)) &&
  // (… nor an industry programme's description: "Many advertising companies … are members of the Digital Advertising Alliance".)
  !/\brights? to\b|\b(?:may|might) have\b|\bmembers? of\b|\?\s*$/i.test(text);
// ("with your consent, where applicable" is consent where a law asks for it, not the rule for everyone.)
const ADS_OPT_IN =
  /\b(?:(?<!\b(?:where|when|if|as) (?:applicable|required|necessary),? )with your consent(?!,? (?:where|when|if|as) (?:applicable|required|necessary))|if you (?:consent|agree|choose|opt in)|only (?:if|when|with)[^.]{0,30}consent|based on your consent|(?:ask|asks|request|requests) (?:for )?your (?:explicit |express |prior )?consent)\b/i;
const ADS_OPT_OUT =
  /\b(?:opt[- ]out|turn (?:on or )?off|switch off|disable|choose whether|ad (?:settings|preferences|choices)|manage[^.]{0,40}ads?|object to|(?:control|adjust|change|modify)[^.]{0,40}(?:ads?|advertising)|limit ad tracking)\b/i;

/** Use after a change binds you: "By using Amazon Services after such changes, you agree to be bound by them". */
const BOUND_AFTER_CHANGE =
  /\b(?:by using|continu\w* (?:to )?(?:use|access))\b[^.]{0,60}\bafter\b[^.]{0,40}\b(?:changes?|modifications?|revisions?|updates?)\b/i;
/** Safeguards for transfers abroad: any the summary's vocabulary can name. */
const SAFEGUARDS = new RegExp(TRANSFER_SAFEGUARDS.map(([pattern]) => pattern.source).join('|'), 'i');
/** European consumers' disputes sent to the courts where they live. */
const CONSUMER_HOME_COURTS =
  /\bconsumers?\b[^.]*\bcourts? (?:of|in) (?:your|the) (?:place of residence|country (?:of|where you) (?:residence|live)|domicile)/i;
/**
 * The advertising industry's opt-out programmes, offered as a choice ("to exercise choices about such cookies, visit the
 * Digital Advertising Alliance"): they exist for ads shown by default, so where a policy sends you to one, its ads are
 * opt-out for users in general, whatever consent a sentence names besides (the legal basis some laws require).
 */
const INDUSTRY_AD_CHOICES =
  /\b(?:opt[- ]?out|choices?)\b[^.]{0,200}?(?:\b(?:Network Advertising Initiative|Digital Advertising Alliance|YourAdChoices|Your Online Choices|European Interactive Digital Advertising Alliance)\b|\b(?:https?:\/\/)?(?:www\.|optout\.)?(?:aboutads\.info|networkadvertising\.org|youronlinechoices\.(?:eu|com)|youradchoices\.(?:ca|com))\b)/i;
/** An opt-out of advertising said anywhere: "to opt-out of their advertising practices, please visit our Privacy Choices page". */
const ADS_OPT_OUT_ELSEWHERE = new RegExp(
  String.raw`\bopt[- ]?out of\b[^.]{0,40}\b(?:advertis\w*|ads?)\b|\b(?:advertis\w*|ads)\b[^.]{0,40}\byou (?:can|may) opt[- ]?out\b|${INDUSTRY_AD_CHOICES.source}|\byou (?:can|may)\b[^.]{0,40}\b(?:control|manage|modify|change|adjust)\b[^.]{0,60}\b(?:advertis\w*|ads?|ad interests?)\b[^.]{0,40}\b(?:settings?|choices|preferences|manager)\b|\bmanage your (?:advertising|ad) (?:choices|preferences|settings)\b`,
  'i',
);
/** A sentence that sends you to a setting for your ads: "You can change your choice at any time in your Ad Preferences". */
const AD_CONTROL =
  /\byou (?:can|may)\b[^.]{0,40}\b(?:change|control|manage|adjust|update)\b[^.]{0,80}\b(?:ads?|advertis\w*|choice)\b[^.]{0,80}\b(?:in|via|visit\w*|through)\b[^.]{0,40}\b(?:Ad|Ads|Advertising)\b/i;
/** A sentence that tells you how to opt out: "To do so, visit …", "You can opt out at any time by following the instructions in …". */
const OPT_OUT_HOW =
  /^\s*(?:to do (?:so|this)|(?:please )?(?:visit|go to|use|open)\b|you can (?:opt[- ]out|do (?:so|this)|turn|change|manage|exercise)\b[^.]{0,60}\b(?:by|in|via|through|at)\b)/i;

const ELSEWHERE = String.raw`(?:on|across|from|in|and|or) (?:other|third[- ]party|partners['’]?|their|different) (?:websites|sites|apps|services|online services)|(?:websites|sites|apps),? (?:of|operated by) (?:[A-Z]\w* or )?(?:our |its )?(?:partners|third parties)\b|(?:on|to) another (?:site|website|app)|across (?:websites|sites|apps|devices|the (?:web|internet))|over time and across\b|off (?:of )?(?:our|the|[A-Z]\w+) (?:websites?|services|products|apps|Services)|outside (?:of )?(?:our|the) (?:network|websites?|services)|advertiser['’]s (?:site|website)|(?:websites|apps) (?:you visit|of (?:other|third))`;
/** Trackers of others on the service: "third-party cookies", "We allow third parties to use Cookies through the Service", "allow other organizations to use tracking technologies". */
// (… or said of third parties themselves: "Certain third parties collect data about you through cookies, pixels and SDKs",
// "the service and chosen third-party partners use cookies"; or of the cookies' purpose: advertising or marketing cookies,
// conversion tracking.)
const OTHERS_TRACKERS =
  /\bthird[- ]party (?:cookies|pixels|tracking technologies|trackers|tracking)\b|\bthird[- ]part(?:y|ies)(?: (?:partners|providers|advertisers))?(?! services)\b[^.]{0,120}\b(?:use|collect|place|set)\w*\b[^.]{0,160}\b(?:cookies|pixels|SDKs|web beacons|tracking technologies)\b|\b(?:advertising|marketing|targeting) cookies\b|\bconversion tracking\b|\b(?:allow|permit|let)\w* (?:third parties|other (?:organi[sz]ations|companies)|(?:our )?(?:advertising |analytics )?partners)\b[^.]{0,40}\b(?:to )?(?:use|place|set)\b[^.]{0,20}\b(?:cookies|tracking technologies|pixels)\b/i;
/** Partners' cookies that follow your browsing for ads: "… third parties … who may use cookies … to provide you with advertising based on your browsing activities". */
const BROWSING_ADS =
  /\b(?:third parties|partners?|advertisers?)\b[^.]{0,160}\bcookies\b[^.]{0,160}\b(?:ads|advertising)\b[^.]{0,60}\bbrowsing (?:activit\w+|history|behaviou?r)\b/i;
const TRACKING = new RegExp(
  String.raw`\b(?:cookies?|pixels?|SDKs?|web beacons?|tags?|Tag|plug-?ins?|technologies|identifiers|partners?|advertisers?)\b[^.]{0,240}\b(?:${ELSEWHERE})|\b(?:${ELSEWHERE})\b[^.]{0,160}\b(?:cookies?|pixels?|SDKs?|plug-?ins?|embedded|ads?|advertising)\b|\b(?:serve|show|display|deliver)\w* (?:\w+ ){0,3}ads?\b[^.]{0,40}\b(?:${ELSEWHERE})`,
  'i',
);
/** Tracking of the person or tracking as such, the object a denial of cross-site tracking must have. */
const TRACKING_DENIED =
  /\btrack(?:s|ing)?\s+(?:you|users?|visitors?|people|individuals|our (?:users|visitors))\b|\b(?:tracking (?:tools|technolog\w+|software|mechanisms|networks)|third[- ]party track\w+)\b/i;
const TRACKING_PARTNERS =
  /\b(?:advertisers?|partners?|third parties)\b[^.]{0,120}\b(?:information|data)\b[^.]{0,80}\b(?:your )?(?:activit(?:y|ies)|actions?|visits?|purchases?)\b[^.]{0,60}\b(?:off|outside|on (?:their|other))\b/i;

/** Data about you that others give the service: "from our partners", "from public and commercial sources", "Third parties may also provide us with …". */
// (… the accounts you connect: "If you link your photo account, we may import …"; what is public about you: "we may collect
// publicly available information about your company".)
const THIRD_PARTY_DATA =
  /\b(?:connect|link)\w* (?:your )?(?:\w+ ){0,3}accounts?\b[^.]{0,120}\bwe (?:may |will |can )?(?:collect|receive|obtain|access|import)\b|\b(?:collect|obtain|gather)\w*\b[^.]{0,60}\bpublicly available (?:information|data)\b|\b(?:from|provided by|receive[^.]{0,60}from)\s+(?:(?:our|other|trusted|these|such|certain|various) )*(?:advertising |marketing |business )?(?:third[- ]part(?:y|ies)|partners?|advertisers?|data brokers?|data providers|(?:other|outside|external) sources|affiliates|service providers|publicly available sources|(?:public|commercial)(?: and (?:public|commercial))? sources|other users)\b|\b(?:third parties|partners|advertisers|data brokers|data providers)\b[^.]{0,30}\b(?:provide|give|send|share|disclose)\w* (?:us|with us)\b[^.]{0,60}\b(?:information|data)\b|\b(?:information|data) (?:(?:that )?(?:we )?(?:receive|obtain|collect|get)) (?:about you )?from (?:others|other (?:sources|users|people))\b|\bcontacts? (?:list|book)\b/i;

const AI_TRAIN =
  /\b(?:train(?:ing|s|ed)?)\b[^.]{0,100}\b(?:artificial intelligence|AI|machine[- ]learning|ML|models?|algorithms?|LLMs?|generative)\b|\b(?:artificial intelligence|AI|machine[- ]learning|generative AI|LLMs?)\b[^.]{0,80}\btrain(?:ing|s|ed)?\b|\b(?:develop|improve|enhance)\w*\b[^.]{0,30}\b(?:(?:our |generative )?AI\b|artificial intelligence|machine[- ]learning models?)/i;
/** Models that are the user's: "your own training data", "your models", "models you create". */
const USERS_OWN_MODELS =
  /\byour own (?:training )?(?:data|datasets?|models?)\b|\byour (?:models|datasets)\b|\bmodels? (?:that )?you (?:create|build|train)\b/i;
const AI_OPT_OUT =
  /\b(?:opt[- ]out|object|turn off|switch off|settings?|(?:training )?controls?|you can (?:choose not|decide whether)|right to object)\b/i;
/** A general right to object (GDPR legitimate interests) or an opt-out of training, anywhere in the policy. */
const OBJECTION = /\b(?:right to object|you (?:can|may) (?:also )?object|opt[- ]out of (?:having|training|your content being used))\b/i;
/**
 * A general objection reaches training where it names it or the legal basis training rests on
 * (legitimate interests); a bare "right to object, as the law allows" in a list of rights does not.
 */
export const OBJECTION_REACHES_TRAINING = /\blegitimate interests?\b|\bopt[- ]out of\b/i;
/** A small-claims court a claim may go to instead: "if the dispute qualifies for small claims court … you may sue there". */
const SMALL_CLAIMS =
  /\bsmall[- ]claims? (?:court|actions?|matters?)\b[^.]{0,160}\b(?:may|can)\b|\b(?:may|can) (?:bring|sue|file)\b[^.]{0,80}\bsmall[- ]claims? court\b/i;
/** "The opt-out right described in this section applies solely to …": an opt-out that does not reach all training. */
const OPT_OUT_CONFINED = /\bopt[- ]out\b[^.]{0,80}\bappl(?:y|ies) (?:solely|only) to\b|\bopt[- ]out\b[^.]{0,120}\bdoes not apply to\b/i;
/** Your data as a whole: "your content", "personal data", "user inputs", "any of your data", "customer data". */
const YOUR_DATA =
  /\b(?:your|user|users['’]|customer|customers['’]|member|personal)\s+(?:\w+\s+)?(?:data|content|information|inputs?|prompts?|outputs?|conversations?|chats?|files|messages)\b|\bany (?:of )?(?:your |the )?(?:data|content|information)\b|\bthe (?:\w+ )?(?:messages|files|content|data|information|photos|prompts|inputs)(?: that)? you\b/i;
/** Data named by the source it came from (not you): "data obtained through …", "information we receive from X". */
const FROM_ONE_SOURCE =
  /\b(?:data|information)\s+(?:that )?(?:we )?(?:obtain|receiv|collect|access|get)\w*\s+(?:through|from|via|using)\s+(?!you\b|users?\b|our users\b)/i;
/** A definition of the content users give: "(collectively, the “User Content”)", "“Content” includes …", "we treat those interactions as Content". */
const CONTENT_DEFINED =
  /\((?:collectively,? |together,? )?(?:the )?["“](?:User |Your |Member )?Content["”]\)|["“](?:User |Your )?Content["”] (?:includes|means)\b|\btreat (?:those|these|such) (?:interactions|messages|communications) as (?:User )?Content\b|\bcontent,? (?:such as|including) (?:your )?(?:chats|messages|conversations) with\b/i;
/** Messages between users among what a definition names: "direct messages", "chats with other members", "send messages", "chat, bulletin boards". */
const USERS_MESSAGES =
  /\b(?:direct|private) messages\b|\b(?:messages?|chats?|conversations?) (?:between|with|to) (?:other )?(?:users|members|people)\b|\bsend (?:\w+ )?messages\b|\bpost or transmit\b[^.]{0,80}\bmessages\b|\bchat, (?:bulletin boards|forums?|comments)\b/i;
/** The service reviewing content: "We may screen any User Content", "monitor any Content exchanged", "contents may be subject to moderation". */
const CONTENT_REVIEWED =
  /\b(?:review|screen|monitor|moderat|scan|examin)\w*\b[^.]{0,60}\b(?:any|all|your|the)?\s?(?:(?:User|Your) )?Content\b|\bmonitor\w* (?:any and all|all|any) (?:information|communications|content) (?:transmitted|exchanged|sent)\b|\bcontents?\b[^.]{0,60}\b(?:subject to|undergo)\b[^.]{0,30}\b(?:moderation|review|monitoring|screening)\b/i;
/** "… without your explicit opt-in and consent", "without your prior permission". */
const WITHOUT_YOUR_CONSENT =
  /\bwithout (?:your |the user['’]s )?(?:(?:explicit|express|prior|affirmative|separate)[,]? )*(?:opt[- ]in|consent|permission)\b/i;
/** A clause saying what the policy covers, not what the service does: "This Policy applies to personal data … which may include …". */
const POLICY_COVERS = /^\W*(?:applicability\b|scope\b)|\b(?:this|the|our) (?:privacy )?(?:policy|notice|statement) (?:applies|covers)\b/i;
const AI_OPT_IN = /\b(?:only (?:with|if)[^.]{0,30}(?:consent|permission|opt[- ]in)|if you (?:opt in|choose to share|consent))\b/i;

const LOCATION =
  /\b(?:precise (?:geo-?)?location|GPS|device(?:['’]s)? (?:geographic(?:al)? |physical )?location|location of your (?:device|computer)|location services|exact location|current location|precise location data|device coordinates)\b/i;
const LOCATION_PERMISSION =
  /\b(?:permission|if you (?:allow|enable|turn on|choose|give|opt[- ]in)|opt[- ]in\b|(?:let|allow)s? you (?:to )?(?:choose|decide)|turns? on|with your (?:consent|permission)|location services|device settings|you can (?:turn off|disable)|depending on your (?:device )?settings|(?:decide|choose) (?:whether )?to (?:allow|share|enable))\b/i;
/** A permission said of the location itself, not of something else the clause lists ("… location; … as limited by your privacy settings"). */
const LOCATION_NEAR_PERMISSION = new RegExp(
  String.raw`\blocation\b[^.;]{0,120}(?:${LOCATION_PERMISSION.source})|(?:${LOCATION_PERMISSION.source})[^.;]{0,120}\blocation\b`,
  'i',
);
const PRECISE_DENIED = /\b(?:do not|don['’]t|does not|doesn['’]t|never)\s+(?:collect|track|use|store)\s+(?:your\s+)?precise\b/i;
const APPROXIMATE_ONLY =
  /\b(?:general|approximate|regional|coarse)\s+(?:geographic\s+|geo-?)?location\b[^.]{0,60}\bIP address\b|\bIP address\b[^.]{0,60}\b(?:general|approximate|regional|coarse)\s+(?:geographic\s+)?location\b|\bregional geolocation\b|\b(?:approximate|coarse) (?:geo-?)?location\b/i;

/** A bare "location" the clause does not qualify as coarse or tie to an IP address ("time zone setting and location"). */
function namesAnyLocation(text: string): boolean {
  return [...text.matchAll(/\blocation\b/gi)].some(
    (m) =>
      !/\b(?:general|approximate|coarse|rough|regional|non-precise|imprecise|city|country|IP)\b[\w\s,-]{0,25}$/i.test(
        text.slice(Math.max(0, m.index - 40), m.index),
      ) && !/^[\s\w]{0,30}\b(?:based on|from|derived from|inferred from) (?:your )?IP\b/i.test(text.slice(m.index, m.index + 50)),
  );
}
/** A location the clause does not qualify as coarse: "the general location of your device (such as your city …)" is not precise. */
function namesPreciseLocation(text: string): boolean {
  for (const m of text.matchAll(new RegExp(LOCATION.source, 'gi')))
    if (
      !/\b(?:general|approximate|coarse|rough|regional|non-precise|imprecise|city-level|country-level)\b[\w\s-]{0,12}$/i.test(
        text.slice(Math.max(0, m.index - 30), m.index),
      )
    )
      return true;
  return false;
}
/** "We use IP addresses to estimate your general location", "we infer your approximate location from your IP address". */
export const LOCATION_FROM_IP =
  /\bIP address(?:es)?\b[^.]{0,80}\b(?:estimat|infer|determin|deriv)\w*\b[^.]{0,40}\blocation\b|\b(?:estimat|infer|determin|deriv)\w*\b[^.]{0,60}\blocation\b[^.]{0,40}\bIP address/i;

const BIOMETRIC =
  /\b(?:biometric|face geometry|facial (?:recognition|geometry|features|age estimation)|face (?:analysis|templates?)|face ?prints?|voice ?prints?|fingerprint(?:s)? (?:data|scans?)|scans? of (?:your )?face|photo of your face|matching your face|selfie|keystroke (?:patterns|rhythms))\b/i;
/** A clause whose only biometric word is a picture: "selfie", "photo of your face". */
const ONLY_A_PHOTO = new RegExp(`^(?:(?!${BIOMETRIC.source.replace(/\|selfie|\|photo of your face/g, '')}).)*$`, 'is');
/** The face in a picture measured: matched, compared, verified against, recognised, analysed, estimated. */
const FACE_MEASURED = /\b(?:match\w*|compar\w*|verif\w*|recogni[sz]\w*|analy[sz]\w*|estimat\w*|encod\w*|vectors?|templates?|geometry)\b/i;
/** Biometrics that guard a building, not data about you: "data centers with biometric access and CCTV". */
const FACILITY_ACCESS =
  /\bbiometric (?:access|entry|locks?|door)\b|\b(?:data cent(?:er|re)s?|premises|facilities|offices)\b[^.]{0,120}\bbiometric\b|\bbiometric\b[^.]{0,120}\b(?:data cent(?:er|re)s?|premises|facilities|offices)\b/i;
const CONSENT =
  /\b(?:consent|permission|opt[- ]in|if you (?:choose|enable|turn on|agree|select|want)|you (?:can|may) choose|if you choose to provide|you can turn (?:it|this) off)\b/i;

const MESSAGES =
  /\b(?:content|contents|text)\s+of\s+(?:your\s+|the\s+|any\s+|such\s+)?(?:text\s+|chat\s+|e-?mail\s+)?(?:messages?|communications|chats?|conversations?)\b|\b(?:collect|process|store|receive|analy[sz]e)\w*(?:\s+and\s+\w+)?\s+(?:the\s+)?(?:data|content|contents|information)\s+(?:from|of|in)\s+(?:these\s+|such\s+|your\s+|the\s+)?(?:messages|communications|chats|conversations)\b|\bmessages?\b[^.]{0,40}\bincluding (?:their|the) content\b|\b(?:scan|analy[sz]e|review|read|monitor|screen)\w*(?:[\s,]+(?!to\b|in order\b|for\b)[\w'’-]+){0,4}?\s+(?:messages|chats|conversations|communications|privately shared)\b|\b(?:messages|chats|conversations|communications)\b[^.]{0,60}\b(?:may|will|are|is|can) (?:also )?(?:be )?(?:recorded|monitored|reviewed|scanned|analy[sz]ed|read)\b|\b(?:non-public|private) messages\b|\bMessage Data\b/i;
/** Every mention of messages is a short cell without a verb of a row of data categories ("…; Content of your Communications; …"). */
function namesOnlyACategory(text: string): boolean {
  if (!/[;|]/.test(text)) return false;
  const cells = text.split(/\s*[;|]\s*/);
  const mentions = cells.filter((cell) => MESSAGES.test(cell));
  return (
    mentions.length > 0 &&
    mentions.every((cell) => cell.split(/\s+/).length <= 6 && !/\b(?:we|you|our|may|will|is|are|can|must|shall)\b/i.test(cell))
  );
}
/** Your exchanges with the service itself (support, surveys), not messages between users. */
const WITH_THE_SERVICE =
  /\b(?:exchanges?|communications?|correspondence|messages?|chats?)\b[^.]{0,80}\b(?:with|(?<!\bnot (?:sent|addressed|directed) )to) us\b|\bwith our (?:support|customer (?:service|support|care))\b|\bour (?:communications?|calls?|conversations?|correspondence)\b[^.]{0,40}\bwith you\b/i;
const END_TO_END =
  /\bend-to-end encrypt\w*\b[^.]{0,120}\b(?:(?:can(?:not|['’]t)|do(?:es)? not|never) (?:see|read|access|hear)|no one outside)\b|\bnot even [A-Z]\w*,? can (?:read|see|listen)|\b(?:we|[A-Z]\w+) (?:cannot|can['’]t|(?:do(?:es)?n['’]t|do(?:es)? not|never) have the ability to) (?:(?:decrypt|see|read|access)(?:,? (?:or|and) (?:otherwise )?)?)+ (?:the )?(?:contents? of )?(?:your |any )?(?:messages|calls|chats|conversations|contents?)\b/i;

const RETENTION =
  /\b(?:retain|retention|keep|kept|store|stored|delete|deleted|erase|erased|anonymi[sz]e|anonymi[sz]ed|de-identify|purge)\w*\b/i;
const AS_LONG_AS =
  /\b(?:as|so) long as (?:(?:is |it is |they are |we )?(?:necessary|needed|required|reasonably|need)|your account)|\bfor as long as\b|\bno longer than (?:necessary|needed)\b|\bdifferent periods of time\b|\blonger periods of time when necessary\b|\b(?:where|while) we have an? (?:ongoing )?(?:legitimate |business )?need\b|\b(?:only )?long enough to\b|\b(?:retain|keep|store)\w* (?:\w+ ){0,3}as (?:is )?necessary (?:under|to comply)\b|\b(?:stored|kept|retained) until (?:we|you)\b[^.]{0,30}\bdelet\w*|\bfor longer periods\b|\bretention is necessary\b/i;

/**
 * Deleting your account or your personal data: the verb's object is the account or your data ("remove your personal
 * information", "erase data we hold about you", "deletion of any information we have collected about you"), or the right
 * named ("right to erasure", "requests to delete").
 */
const DELETE_ACCOUNT =
  /\b(?:delet\w*|cancel|close)\b[^.]{0,20}\b(?:your |the )?(?:full )?account\b|\byou (?:may|can)\b[^.]{0,20}\bterminate (?:your )?account\b|\baccount deletion\b|\b(?:delete|erase|remove|deletion of|erasure of)\b[^.]{0,30}\b(?:your |the |any |all )?(?:personal (?:data|information)|account data|(?:data|information) (?:(?:that )?we (?:hold|have|store|keep|process|maintain)|about you|relating to you|concerning you))\b|\bright (?:to|of) (?:erasure|deletion|be forgotten)\b|\brequests? (?:to|for) (?:delete|deletion|erase|erasure)\b/i;
const SELF_SERVICE =
  /\b(?:settings?|in the app|in-app|(?:through|via|from) the app|you (?:also |always )?can (?:always |also )?(?:delete|download|export|close|cancel|access)|(?:account|privacy) (?:center|centre|page|dashboard|screen)|tools?|at any time by|through your account|in your account|download your information|deletion page|by visiting (?:our|the|your) [^.]{0,40}\bpage)\b/i;
const BY_REQUEST =
  /\b(?:contact us|request\w*|ask us|form|by (?:e-?mail|writing)|write to us|e-?mail us|send an e-?mail|go to|please visit)\b/i;

/** Someone else's act ("the third party may … delete your account data", "who can see, download, or interact with your content"). */
const OTHERS_ACT =
  /\b(?:third part(?:y|ies)|others|other (?:users|people|members)|who can|anyone)\b[^.]{0,40}\b(?:delet|download|export|cop(?:y|ies)|obtain)\w*/i;
/** A right only some countries' users have: "Some countries (currently only South Korea) might require …". */
const SOME_COUNTRIES = /\b(?:some|certain) (?:countries|jurisdictions|states)\b|\bcurrently only (?:in )?(?:the )?[A-Z]/;
/** What you can do about your own account or data, for users in general: not others' acts, not one region's right. */
const yoursToDo = (found: Located[]) =>
  found.filter((l) => !OTHERS_ACT.test(l.clause.text) && !SOME_COUNTRIES.test(l.clause.text) && scopeOf(l.clause) === undefined);
/** A copy of your data: downloaded, exported, an archive or copies of it, or handed over to you or another controller. */
const EXPORT =
  /\b(?:download|export|copy|copies|archive|portability|portable|port)\b[^.]{0,60}\b(?:your (?:data|information|content)|personal (?:data|information)|a copy|the information|format|it|(?:data|information|records) (?:(?:that )?we (?:collect|hold|have|store|keep|process)|about you))\b|\bdata portability\b|\bRequest Account Info\b|\bmachine-readable\b|\bData Export\b|\b(?:provide|give|send) (?:your personal (?:data|information)|(?:a copy of )?(?:the )?(?:personal )?(?:data|information) (?:we hold )?about you) to you\b|\btransmit (?:it|your (?:personal )?data) (?:directly )?to another controller\b/i;
/** A right to access your data, asked for: "the right to request access to …", "If you would like to access your personal information, please visit …" (seeing it in your account is no copy). */
const ACCESS_RIGHT =
  /\b(?:right to|(?:would|wish)(?: like)? to|request)\b[^.]{0,40}\baccess\b[^.]{0,40}\b(?:your|the|personal) (?:personal )?(?:data|information)\b/i;

const PRIVACY_EMAIL =
  /\b[\w.+-]*(?:privacy|dpo|data(?:protection)?|datenschutz|gdpr|legal)[\w.+-]*@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\b/i;
/** A clause that tells you where to send privacy questions or rights requests. */
const CONTACT_ROUTE =
  /\b(?:contact|write(?: to)?|reach|email)\s+(?!address|addresses|data|details|information|info)(?:us|our|the|Meta|[A-Z]\w+)\b|\bcontacting\b|\bcontact (?:online|form)\b|\bweb ?form\b|\b(?:request|contact) form\b|\bData Protection Officer\b|\bexercise\b[^.]{0,60}\brights?\b|\bgo to\b/i;
/** "Learn more about contact upload", "contact information": about contacts, not a way to reach the service. */
const NOT_A_ROUTE =
  /\blearn (?:more|how)\b|\bdispute resolution\b|\bsupervisory authorit|\bcomplaint with\b|\bregulator\b|\bcontact (?:information|details|lists?|uploads?|book)\b|\bcontacts\b/i;
/** A route for one region's users. */
const REGIONAL =
  /\b(?:EEA|European|EU|UK|United Kingdom|Switzerland|Swiss|California|Korea|Brazil|Japan|India|Australia|Canada|Turkey|China)\b/;
/** The region a regional sentence names, when no European list does. */
const REGION_NAMED = new RegExp(REGIONAL.source);
/** Users of one region as the audience of a sentence: "residents of California", "EEA users", "If you are a European Resident". */
const REGIONAL_AUDIENCE = new RegExp(
  String.raw`\b(?:residents?|users?|consumers?|citizens?|individuals|people|members) (?:of|in|from|located in|living in) (?:the )?${REGIONAL.source}|${REGIONAL.source}(?:[- ]based)? (?:residents?|users?|consumers?|citizens?|individuals|representative)|\b(?:if|where|when|to the extent) you (?:are|live|reside)\b[^.]{0,40}${REGIONAL.source}`,
  'i',
);
/** Query parameters that only say where a link was clicked. */
const TRACKING_PARAMS = /^(?:entry_point|helpref|ref|source|utm_\w+|fbclid)$/i;
/** Where a contact link may point: a form, a contact, support or privacy-request page; never a cookie page or a policy. */
const FORM_LINK = /contact|form|request|dsr|support|help|dpo|privacy-?(?:center|centre|request|choices)|data-?(?:subject|rights|request)/i;

/** The absolute http(s) address of the first link that leads to a contact or request form. */
function contactForm(links: readonly { text: string; href: string }[], base: string): string | undefined {
  for (const link of links) {
    let url: URL;
    try {
      url = new URL(link.href, base);
    } catch {
      continue;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') continue;
    // A link to a section of a policy ("…/privacy#infocollect") points into the document; it is no form.
    if (
      url.hash &&
      /\/(?:privacy|privacy-?policy|terms|legal)\/?$/i.test(url.pathname) &&
      !/\bcontact|\bform\b|\brequest|\bsubmit|\breach\b/i.test(link.text)
    )
      continue;
    if (
      /cookie|[-_]polic(?:y|ies)\b|polic(?:y|ies)\.html?/i.test(link.href + link.text) ||
      // (… nor the policy itself, "…/privacy/policy/printable/?entry_point=…#annotation-2", a footnote's target.)
      (/\/polic(?:y|ies)\//i.test(url.pathname) && !/\bcontact|\bform\b|\brequest/i.test(url.pathname + link.text)) ||
      !FORM_LINK.test(url.pathname + url.search + url.hostname + link.text)
    )
      continue;
    // (A fragment that names the request on a page of answers, "…/faq/#privacyRequest", is where to go; others are dropped.)
    if (!/request/i.test(url.hash)) url.hash = '';
    for (const key of [...url.searchParams.keys()]) if (TRACKING_PARAMS.test(key)) url.searchParams.delete(key);
    return url.href;
  }
  return undefined;
}

/** "privacy[at]example[dot]com", the form some policies write to keep scrapers off. */
const OBFUSCATED_EMAIL = /\b([\w.+-]*(?:privacy|dpo|data)[\w.+-]*)\s*[[(]at[\])]\s*([a-z0-9-]+)\s*[[(]dot[\])]\s*([a-z]{2,})\b/i;
const ANY_EMAIL = /\b[\w.+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\b/i;
/** Offered for privacy questions in general: "questions or comments about this Privacy Policy", "for any reason". */
const GENERAL_PURPOSE =
  /\b(?:questions?|concerns?|comments?|queries|inquiries|enquiries)\b[^.]{0,80}\b(?:privacy|this (?:privacy )?(?:policy|notice|statement)|our (?:privacy )?(?:policy|practices)|personal (?:data|information)|information handling|data practices)\b|\bfor any reason\b/i;
/** Offered for rights requests: "to exercise your rights", "with any Rights Request". */
const RIGHTS_PURPOSE = /\b(?:exercise|submit|make|send)\b[^.]{0,60}\b(?:rights?|requests?)\b|\brights? requests?\b/i;
/**
 * Offered only in a situation: "If you no longer have access …", "If you believe that a child …", "If you are a European
 * Resident …" (not a purpose: "If you have any questions", "If you want to exercise your rights").
 */
const SITUATION =
  /^\W*(?:if|where|in case|should|when) (?:you|a|your|we)\b(?! (?:want|wish|would like|prefer|need (?:help|more)|(?:have|had) (?:any )?(?:questions?|concerns?|comments?|queries))\b)/i;

/** A contact the policy offers: where, and how well it answers "for users in general" (lower is better). */
interface ContactCandidate {
  value: string;
  l: Located;
  /** 0 everyone, 1 users in one situation, 2 one region's users (3 both). */
  audience: number;
  /** E-mail before form (a privacy form before a help page), a DPO's after others, then by purpose: questions about privacy, rights requests, anything else. */
  rank: number;
}

/** The words that offer a contact: its sentence up to it (after the last full stop or colon), with the list's lead-in, or the lines above a bare address. */
function offerOf(l: Located, at: number): string {
  const before = l.clause.text.slice(0, at);
  const start = Math.max(before.lastIndexOf('. '), before.lastIndexOf(': ')) + 1;
  const sentence = l.clause.text.slice(start, Math.min(l.clause.text.length, at + 160)).split(/(?<=\.)\s/)[0] ?? '';
  // An address on a line of its own is offered by the lines above it ("Questions about this Privacy Policy?" / "Contact
  // our Privacy Team at:" / "privacy@example.com").
  const above: string[] = [];
  if (sentence.split(/\s+/).length < 4)
    for (let i = l.index - 1; i >= Math.max(0, l.index - 6); i--) {
      const clause = l.document.clauses[i]!;
      if (clause.heading !== l.clause.heading) break;
      if (clause.start !== l.clause.leadIn?.start) above.unshift(clause.text);
      // The line that opens the block ("… Contact our Privacy Team at:") and the question before it.
      if (/[:?]\s*$/.test(clause.text)) {
        const question = l.document.clauses[i - 1];
        if (question && question.heading === l.clause.heading) above.unshift(question.text);
        break;
      }
    }
  return [...above, l.clause.leadIn?.text ?? '', sentence].join(' ').trim();
}

function candidateOf(value: string, kind: 'email' | 'form', l: Located, offer: string): ContactCandidate {
  // Whom the offer is for, not where an address is: "California residents", "If you are a European Resident", a heading.
  const regional = REGIONAL_AUDIENCE.test(offer) || REGIONAL.test(l.clause.heading) || scopeOf(l.clause) !== undefined;
  const situation = SITUATION.test(offer.replace(/^.*?:\s*/, ''));
  // Questions about one aspect ("questions about the security of your personal information") are no general purpose.
  const aspect =
    /\b(?:questions?|concerns?|queries|inquiries|enquiries)\b[^.]{0,20}\b(?:about|regarding|on) (?:the )?(?:security|safeguards?|transfers?|legal bas[ie]s|cookies)\b/i.test(
      offer,
    );
  const purpose = GENERAL_PURPOSE.test(offer) && !aspect ? 0 : RIGHTS_PURPOSE.test(offer) ? 1 : 2;
  // An officer's address serves the law's duties; "gdpr…@" one law's users.
  const dpo = /\bData Protection Officer\b|\bDPO\b/.test(offer) || /^dpo@/i.test(value);
  // A form whose address or words say privacy or data before a general help page.
  const generalForm = kind === 'form' && !/privacy|data/i.test(`${value} ${l.clause.links?.map((k) => k.text).join(' ') ?? ''}`);
  return {
    value,
    l,
    audience: (regional || /gdpr/i.test(value) ? 2 : 0) + (situation ? 1 : 0),
    rank: (kind === 'form' ? 20 : 0) + (generalForm ? 10 : 0) + (dpo ? 5 : 0) + purpose * 2,
  };
}

const LAW_REQUEST = /\b(?:law enforcement|government(?:al)? (?:requests?|authorities)|legal (?:requests?|process)|subpoena|court order)\b/i;
const NOTIFY_USER =
  /\b(?:notif(?:y|ying|ies|ied)|(?:send|give|provide)\s+(?:you\s+)?(?:with\s+)?(?:prior\s+|advance\s+)?notice|notice to|inform(?:s|ed|ing)?|tell|let)\s+(?:\w+\s+){0,3}?(?:you|users?(?!\s+who\b)|the (?:affected )?(?:user|member|account holder|customer)s?|affected (?:users|customers|members|individuals))\b|\b(?:send|give|provide)\s+you\s+(?:with\s+)?(?:a\s+)?(?:prior\s+|advance\s+|written\s+)?notice\b/i;

const BREACH =
  /\b(?:data breach|(?:security|privacy)(?: systems?)? (?:breach|incident)e?s?|breach of (?:the )?(?:security|your (?:personal )?(?:data|information))|notifiable breach)\b/i;

/** Data moved out of a country named with its capital letter ("transfer your data out of Singapore"; not "out of order"). */
const TRANSFER_OUT_OF =
  /\b(?:[Tt]ransfer\w*|[Ss]ent|[Mm]oved|[Ss]tored)\b[^.]{0,120}\bout of (?:the )?[A-Z][a-z]+(?: [A-Z][a-z]+)?\b(?! of\b)/;
/** "… sent to and used in the US and UK": the capitals only (not "sent to us"). */
const TRANSFER_US = /\b(?:[Tt]ransfer\w*|(?<!\bthe )[Pp]rocess\w*|[Ss]tor\w*|[Ss]ent|[Mm]oved|[Hh]osted)\b[^.]{0,120}\bthe US\b/;
const TRANSFER = new RegExp(
  String.raw`\b(?:transfer\w*|process\w*|stor\w*|sent|moved|hosted|accessed|end up)\b[^.]{0,120}\b(?:outside (?:of )?(?:your|the) (?:country|countries|region|jurisdiction|EEA|EU|European|UK|United Kingdom|state)|out of (?:the )?(?:EEA|EU|UK|European Union|United Kingdom|United States)\b|other countries|countries other than|(?:a|any) (?:other )?country other than|any other country|another country|(?:various|different|several|many) countries|around the world|all over the world|throughout the world|internationally|across borders|United States|third countries|countries (?:without|that (?:do not|don['’]t) have) (?:an? )?adequa\w*)\b|\binternational (?:data )?transfers?\b|\b(?:Data Privacy Framework|Privacy Shield)\b`,
  'i',
);
const PLACES = [
  'United States',
  'European Economic Area',
  'European Union',
  'United Kingdom',
  'United Arab Emirates',
  'Canada',
  'Mexico',
  'Brazil',
  'Argentina',
  'Singapore',
  'Malaysia',
  'Hong Kong',
  'Taiwan',
  'South Korea',
  'Philippines',
  'Indonesia',
  'Vietnam',
  'Thailand',
  'India',
  'Chinese Mainland',
  'China',
  'Japan',
  'Australia',
  'New Zealand',
  'Israel',
  'South Africa',
  'Ireland',
  'Switzerland',
  'Germany',
  'France',
  'Netherlands',
  'Sweden',
  'Norway',
];
const ONE_PLACE = String.raw`(?:the\s+)?(?:${[...PLACES].sort((a, b) => b.length - a.length).join('|')})\b`;
/** A run of places after a preposition: "in the United States, Malaysia and Singapore" names all three. */
const placeRun = (prepositions: string) =>
  new RegExp(String.raw`\b(?:${prepositions})\s+${ONE_PLACE}(?:\s*,\s*${ONE_PLACE})*(?:\s*,?\s+(?:and|or)\s+${ONE_PLACE})?`, 'g');
const TO_PLACES = placeRun('to|in|within');
/** Where data comes from, or whom a rule is for: "transferred from the EEA, UK, and Switzerland", "customers located in Canada will be transferred outside of Canada", "recognized in Switzerland". */
const FROM_PLACES = placeRun(
  String.raw`from|(?:customers|users|residents|individuals|people|consumers)(?: who are)? (?:located |living |based |resident )?in|(?:recogni[sz]ed|approved|adopted|issued) in`,
);
const placesIn = (text: string, run: RegExp) =>
  new Set([...text.matchAll(run)].flatMap((m) => PLACES.filter((place) => new RegExp(String.raw`\b${place}\b`).test(m[0]))));
/** The places data goes to ("stored in servers in the United States, Malaysia and Singapore"), not where it comes from. */
function destinationsIn(text: string): string[] {
  const to = placesIn(text, TO_PLACES);
  const from = placesIn(text, FROM_PLACES);
  return PLACES.filter((place) => to.has(place) && !from.has(place)).sort((a, b) => text.indexOf(a) - text.indexOf(b));
}

const AGE_RULE =
  /\b(?:at least|must be|be over|older than|minimum age|under the age of|under|younger than|age of)\b[^.]{0,30}\b(?:\d{2}|thirteen|sixteen|eighteen)\b|\b(?:\d{2}|thirteen|sixteen|eighteen)\s*(?:years old|years of age|(?:years )?(?:or|and) (?:older|over|above)|\+)/i;

/** A law chosen for one part of the terms: "… of this paragraph shall be governed by", "this Section is governed by". */
const PART_LAW =
  /\b(?:this|that|the foregoing) (?:paragraph|section|subsection|clause|provision|sub-?paragraph)\b[^.]{0,80}\bgoverned by\b|\bgoverned by\b[^.]{0,60}\b(?:for|as to) (?:this|that) (?:paragraph|section|clause|provision)\b/i;
/** "governed by", "governed exclusively by", "governed and interpreted by"; "The laws of the State of California, U.S.A., … govern". */
const GOVERNED_BY = String.raw`governed (?:\w+ly |and (?:interpreted|construed) )?by`;
/**
 * A law the terms are read under, however the verb is put: "governed by", "governed, interpreted and construed in
 * accordance with the laws of", "construed and enforced in accordance with", "subject to English law".
 */
const READ_UNDER = String.raw`(?:(?:governed|construed|interpreted|enforced)\b(?:,?\s+(?:and\s+|or\s+)?(?:governed|construed|interpreted|enforced|exclusively|solely))*\s+in accordance with|subject to)\s+(?:the\s+)?(?:laws?\s+of\b|[A-Z][a-z]+\s+[Ll]aws?\b)`;
const LAW = new RegExp(
  String.raw`\b${GOVERNED_BY}\b|\b${READ_UNDER}|\bgoverning law\b|\blaws? of\b(?:[^.]|\.(?=\S)){0,120}\b(?:govern(?:s|ed)?|appl(?:y|ies)|will apply)\b|\blaw (?:will|shall) (?:apply|govern)\b|\b[A-Z][a-z]+ law\b(?:,[^.,]{0,120},)? (?:governs|applies)\b`,
  'i',
);
/** A court named for one step of an arbitration, not as the venue: "to enforce this Section", "for appointment of an arbitrator". */
/**
 * A venue for one purpose only: enforcing one section, appointing arbitrators, compelling arbitration, the service's own
 * suits for an injunction ("the courts of Ohio for actions in which we seek an injunction"), or the questions arbitration
 * leaves to a judge ("a court decides whether this agreement to arbitrate can be enforced").
 */
const ONE_PURPOSE_VENUE =
  /\bcourts?\b[^.]{0,120}\b(?:to enforce (?:this|that|the|these) (?:Section|provision|procedure|clause|paragraph)s?|for (?:the )?appointment of (?:an |the )?arbitrators?|to appoint (?:an |the )?arbitrators?|to compel arbitration|for (?:any )?(?:actions?|claims?|suits?) (?:for which|in which|where) (?:we|the company|[A-Z]\w+) (?:retains?|reserves?|may seek|seeks?)\b|(?:authority|jurisdiction) to (?:determine|decide|resolve) (?:any )?(?:Dispute|disputes|questions?|claims?) (?:about|regarding|concerning|as to) (?:the )?(?:enforceability|validity|scope|arbitrability))\b/i;
const COURTS =
  /\b(?:exclusive(?:ly)? (?:jurisdiction|venue|forum)|venue\b[^.]{0,40}\bcourts?|place of jurisdiction|courts?\b[^.]{0,120}\b(?:exclusive|jurisdiction|venue|resolved|brought|submit)|(?:brought|resolved?|heard|submitted|bring|filed|litigated)\b[^.]{0,160}\bcourts?|(?:submit|agree) to the (?:sole and )?(?:exclusive )?(?:personal )?jurisdiction)\b/i;
/** Devices of other makers, whose settings are not the service's promise. */
const OTHERS_DEVICES = /\bnon-[A-Z][\w.]* (?:devices|products|hardware)\b|\bthird[- ]party devices\b/;
/** The law of an arbitration agreement, not of the terms. */
const ARBITRATION_LAW =
  /\barbitration (?:agreement|provision|clause|section)\b[^.]{0,40}\bgoverned\b|\bgoverned by the Federal Arbitration Act\b/i;
/** An opt-out of arbitration for some claims only: "opt out … with respect to Driver Claims", "… with respect to certain claims". */
const SOME_CLAIMS_OPT_OUT =
  /\bopt[- ]?out\b[^.]{0,80}\b(?:with respect to|only for|solely for|only as to|to arbitrate)\s+(?!any\b|all\b)[\w-]+\s+claims\b|\b(?:with respect to|only for|solely for|only as to)\s+(?!any\b|all\b)[\w-]+\s+claims\b[^.]{0,200}\bopt[- ]?out\b/i;
/** A court's role in an arbitration (compelling it, confirming its award), not the forum of disputes. */
const ARBITRATION_SUPPORT =
  /\bcompel arbitration\b|\benforce\w*\b[^.]{0,30}\b(?:arbitration |arbitral )?award\b|\bconfirm\w*\b[^.]{0,60}\baward\b|\benter\w* judgment on the award\b|\bstay (?:the )?proceedings pending arbitration\b/i;
/** The consumer's own law or courts as the general rule (EU-style terms). */
const LOCAL_LAW =
  /\blaws? of (?:the )?((?:your )?country (?:of|where) (?:your|you) (?:main |habitual )?(?:residence|reside|live)|your country of (?:habitual )?residence|(?:your|that) country(?: or territory)?|jurisdiction (?:in which|where) you (?:live|reside|are (?:a )?resident)|country (?:of|where) (?:your|you) (?:main |habitual )?(?:residence|reside|live))\b/i;
const LOCAL_COURTS =
  /\b(your local courts|courts? (?:in|of) your country of (?:habitual )?residence|courts? (?:in|of) (?:the country of )?your (?:main |habitual )?(?:country(?: or territory)?|residence)|courts? (?:in|of) the country (?:of|where) your? (?:main |habitual )?(?:residence|reside|live))\b/i;
/** Adjectives of a few governing laws: "governed by Dutch law" → Netherlands. */
const LAW_ADJECTIVES: Record<string, string> = {
  Dutch: 'the Netherlands',
  English: 'England',
  Irish: 'Ireland',
  German: 'Germany',
  French: 'France',
  Swiss: 'Switzerland',
  Swedish: 'Sweden',
  Scottish: 'Scotland',
  Spanish: 'Spain',
  Italian: 'Italy',
  Danish: 'Denmark',
  Finnish: 'Finland',
  Norwegian: 'Norway',
  Belgian: 'Belgium',
  Austrian: 'Austria',
  Polish: 'Poland',
  Portuguese: 'Portugal',
  Japanese: 'Japan',
  Korean: 'Korea',
  Singaporean: 'Singapore',
  Australian: 'Australia',
  Canadian: 'Canada',
  Brazilian: 'Brazil',
  Indian: 'India',
  Romanian: 'Romania',
  Czech: 'Czechia',
  Greek: 'Greece',
  Hungarian: 'Hungary',
  Israeli: 'Israel',
  Chinese: 'China',
  Russian: 'Russia',
  Mexican: 'Mexico',
  Lithuanian: 'Lithuania',
  Latvian: 'Latvia',
  Estonian: 'Estonia',
  Maltese: 'Malta',
  Cypriot: 'Cyprus',
  Luxembourgish: 'Luxembourg',
  Icelandic: 'Iceland',
  Turkish: 'Turkey',
  Ukrainian: 'Ukraine',
  Slovak: 'Slovakia',
  Slovenian: 'Slovenia',
  Croatian: 'Croatia',
  Bulgarian: 'Bulgaria',
};
const LAW_PLACE =
  /\b[Ll]aws? of (?:the )?(?:(?:[Ss]tate|[Cc]ommonwealth|[Pp]rovince|[Rr]epublic) of )?([A-Z][\w.'-]*(?:\s+(?:of\s+)?[A-Z][\w.'-]*){0,3})|\b(?:governed (?:\w+ly |and (?:interpreted|construed) )?by|in accordance with|subject to) (?:the )?([A-Z][a-z]+) [Ll]aws?\b|\b([A-Z][a-z]+) law(?:,[^.,]{0,120},)? (?:will govern|shall govern|will apply|shall apply|governs|applies)\b/g;

// (… with its body named between: "binding JAMS arbitration".)
const ARBITRATION =
  /\b(?:binding|individual|final)\s+(?:(?:American Arbitration Association|AAA|JAMS|NAM|ICC)\s+)?arbitration\b|\b(?:resolved|settled|determined|decided)(?: \w+){0,3} (?:through|by) arbitration\b|\barbitration agreement\b/i;
/** The bodies that run arbitrations, as terms name them. */
export const ARBITRATION_BODY =
  /\bJAMS\b|\bAmerican Arbitration Association\b|\bSingapore International Arbitration Cent(?:re|er)\b|\bNational Arbitration (?:and|&) Mediation\b|\bInternational Chamber of Commerce\b|\bLondon Court of International Arbitration\b|\bHong Kong International Arbitration Cent(?:re|er)\b/;
const RUN_BY_BODY = new RegExp(String.raw`\b(?:administered|conducted|run|handled|heard) by\b[^.]{0,40}(?:${ARBITRATION_BODY.source})`);
const ARBITRATION_OPT_OUT =
  /\bopt[- ]out\b[^.]{0,120}\b(?:arbitration|agreement to arbitrate|this (?:section|provision))\b|\b(?:arbitration|agreement to arbitrate)\b[^.]{0,120}\bopt[- ]out\b/i;

/** A class or collective proceeding, whatever the verb: "class action", "class-wide arbitration", "on a class or collective basis", "as a class, collective or representative proceeding". */
const CLASS_PROCEEDING_SOURCE = String.raw`\b(?:class|collective|representative)(?:[- ]wide)?(?:,?\s+(?:or\s+|and\s+)?(?:class|collective|consolidated|representative|mass|private attorney general))*[- ](?:actions?|proceedings?|arbitrations?|basis|claims?|members?|representatives?|lawsuits?|suits?|treatment)\b`;
const CLASS_PROCEEDING = new RegExp(CLASS_PROCEEDING_SOURCE, 'i');
/**
 * Giving up class proceedings: a word of relinquishment whose object, later in its sentence, is a class proceeding ("you
 * waive any right … to participate as a plaintiff or class member in any class action", "waive the right to assert claims
 * in any class or representative action"), or the rule said as a rule ("only on an individual basis").
 */
const CLASS_WAIVER = new RegExp(
  String.raw`\b(?:waive|waives|waiving|waiver|give up|giving up|forgo|forego|relinquish\w*|no class)\b[^.;]{0,200}?${CLASS_PROCEEDING_SOURCE}` +
    String.raw`|\bclass[- ]action waiver\b|\bonly (?:on|in) an individual basis\b|\bindividual capacit(?:y|ies)\b[^.]{0,60}\bnot as a (?:plaintiff|class)|\bno class or representative proceedings\b`,
  'i',
);

const LICENCE =
  /\b(?:grant|giv)(?:e|es|ed|ing|s)?\b[^.]{0,320}\b(?:licen[cs]e|rights? to (?:(?:collect|access|receive),? (?:and )?)?(?:use|store|host|reproduce|copy)\b|permission to use\b|right to\s*(?:[:(]|$))|\bwe(?:['’]re| are) allowed to use\b/i;
/** Granted to the service (us, the company by name), not to other users or by the service to you. */
// (… by the user named in the third person, "The User grants Example a …"; or in the passive, "we and our affiliates are
// granted a … licence".)
const TO_SERVICE =
  /\b(?:[Yy]ou|[Tt]he (?:User|Member|Subscriber|Customer)) (?:hereby )?(?:\w+ly )?(?:grants?|gives?|are giving|are granting)(?:,[^,.]{0,100},)?\s+(?:to\s+)?(?:the\s+)?(?:us|(?!Users?\b|Each\b|Other\b|Third\b)[A-Z][\w.]+)\b|\b(?:and |automatically |hereby |also )+grant (?:to )?(?:us|(?!Users?\b|Each\b|Other\b|Third\b)[A-Z][\w.]+)\b|\bwe(?:['’]re| are) allowed to use\b|\b[Ww]e(?: and our (?:affiliates|subsidiaries))? (?:are|will be|shall be) granted\b/;
/** Feedback, ideas and unsolicited submissions: their licence is not the one over your content. */
const FEEDBACK = /\b(?:feedback|suggestions?|ideas|unsolicited (?:submissions?|materials?|proposals?))\b/i;
/** Your content as such: "User Content", "your content", "any content you provide". */
const USER_CONTENT =
  /\b(?:user|your|subscriber|member|customer) content\b|\b(?:any |the )?content (?:that )?you (?:provide|post|submit|upload|share|make available)\b/i;
/**
 * A clause whose object is only feedback or ideas you send ("By sending us any Feedback, you … waive …"; items under "If
 * you send us ideas or suggestions, you agree that:"), not your content ("any content you provide …, including … feedback").
 */
const aboutFeedback = (l: Located) => (FEEDBACK.test(l.clause.text) || FEEDBACK.test(leadInOf(l))) && !USER_CONTENT.test(l.clause.text);
/** Rights in a defined thing other than your content: "in and to the Translations", "to the Submissions". */
const OTHER_DEFINED_OBJECT =
  /\b(?:in and to|in|to) the (?!(?:User|Your|Member|Customer|Subscriber|Services?|Site|Platform|App|Agreement|Terms)\b)[A-Z][a-z]+s?\b/;
/** A licence as long as the content's protection lasts: "for the entire duration of the intellectual property rights". */
export const FOR_IP_TERM = /\b(?:as long as|for the (?:entire |whole |full )?(?:duration|term) of)\b[^.]{0,40}\bintellectual property\b/i;
/** Words that make a licence outlast the account: perpetual, irrevocable, surviving termination, kept in use after you leave. */
const LASTING = new RegExp(
  String.raw`\b(?:perpetu\w*|irrevocabl\w*)\b|${FOR_IP_TERM.source}|\bsurviv\w*\b[^.]{0,200}\b(?:licen[cs]e|content|intellectual property)\b|\bcontinue to use\b[^.]{0,200}\bafter\b`,
  'i',
);
/** The rights in what users post (not the service's own content or trademarks). */
const CONTENT_RIGHTS =
  /\b(?:licen[cs]es?|rights?)\b[^.]{0,200}\b(?:your content|user content|you (?:post|upload|submit|share))\b|\b(?:your|user) content\b/i;
/** A licence that ends with the content or the account. */
/** A licence you can end: "This right ends when you delete your User Content", "can terminate this licence any time by … deleting". */
const LICENCE_ENDS =
  /\b(?:licen[cs]es?|rights?)\b[^.]{0,80}\bends?\b[^.]{0,40}\bwhen you\b|\bend this licen[cs]e\b|\b(?:can|may) (?:terminate|end|revoke|withdraw) (?:this|the|that) licen[cs]e\b/i;

const MORAL_WAIVER = /\bmoral rights?\b/i;
const CHANGE =
  /\b(?:change|changes|modify|modif(?:y|ies|ication)s?|update|amend|revise)\w*\b[^.]{0,60}\b(?:these|the|this|our)\s+(?:[\w-]+\s+){0,3}?(?:terms|agreement|conditions)\b|\b(?:terms|agreement)\b[^.]{0,60}\b(?:change|modif|updat|amend)\w*/i;
/**
 * A change whose object is the service, not the terms: "modify or revise any of the Services", "all modified Services". A
 * clause that changes only the service ("… and this Agreement will apply to all modified Services") changes no terms.
 */
const SERVICE_CHANGE =
  /\b(?:change|modif|updat|amend|revis)\w*(?: or \w+)?\s+(?:(?:any|all|some|parts?) (?:of )?)?(?:the |our |its |these |such )?(?:additional |new )?(?:Services?|products?|features?|Sites?|platform|offerings?|functionality)\b/gi;
const changesTheTerms = (text: string) => CHANGE.test(text.replace(SERVICE_CHANGE, ' '));
const ADVANCE =
  /\b(?:before|prior to|in advance of)\b[^.]{0,80}\b(?:(?:take|takes|taking|become|becomes|becoming|go(?:es)? into|enters? into)\s+(?:effect(?:ive)?|force)|come into force|effective)\b|\b(?:advance|prior) notice\b|\b\d+\s*days['’]?\s+(?:advance |prior )?notice\b|\bat least \d+ days\b|\bin advance\b/i;
/** A period before a change applies, in words or figures: "at least one month before the changes are applied", "30 (30) days before". */
const PERIOD_BEFORE = new RegExp(
  String.raw`\b(?:at least|no (?:less|fewer) than|a minimum of)?\s*(?:\d{1,3}|${Object.keys(NUMBER_WORDS).join('|')})\s*(?:\(\d+\)\s*)?(?:business\s+)?(?:days?|weeks?|months?)\b[^.]{0,20}\b(?:before|prior to|in advance)\b`,
  'i',
);
/** Changes that apply only some time after they are posted: "Changes will be effective 10 days following posting". */
const EFFECTIVE_AFTER_POSTING = new RegExp(
  String.raw`\b(?:effective|take effect|apply|become binding)\b[^.]{0,30}\b(?:\d{1,3}|${Object.keys(NUMBER_WORDS).join('|')})\s*(?:\(\d+\)\s*)?(?:days?|weeks?|months?)\s+(?:after|following|from)\b[^.]{0,20}\b(?:posting|publication|notice|(?:we|they are) (?:post|publish))`,
  'i',
);
const LAW_DEMANDS =
  /\b(?:if|where|when|to the extent|as)\b[^.]{0,60}\b(?:required|requires?|mandated)\b[^.]{0,40}\blaws?\b|\b(?:if|where|when|to the extent|as)\s+(?:a|the|that|any|applicable)?\s*laws?\s+(?:requires?|demands?|mandates?)\b|\bpursuant to applicable law\b/i;
const WITHOUT_NOTICE = /\bwithout (?:any )?(?:prior |advance |further )?notice\b/i;
/** Notice as one way among others of making a change, posting alone being another: "by (i) posting revised Terms …, and/or (ii) providing advance notice". */
const NOTICE_OR_POSTING =
  /\bposting\b[^.;]{0,120}\band\/or\b[^.;]{0,40}\b(?:notice|notify\w*|e-?mail\w*)\b|\b(?:notice|notify\w*)\b[^.;]{0,120}\band\/or\b[^.;]{0,40}\bposting\b/i;
/** The service's power to change the terms: "we may modify", "reserves the right to amend", "from time to time", "effective upon posting". */
const CHANGE_POWER =
  /\b(?:may|can|might|will|reserves?|retains?|entitled to|right to)\b[^.;]{0,80}\b(?:chang|modif|amend|updat|revis|add|remove)\w*|\bfrom time to time\b|\b(?:effective|binding|apply) (?:immediately )?(?:up)?on (?:posting|publication)\b|\bat any time\b/i;
/** Notice that may consist of posting the new terms: "Such notice may be provided … by posting", "posting … will constitute notice". */
// (… or says it is: "We will give notice of a change by posting the new Agreement", "notice
// consisting, at least, of posting the new Terms".)
const NOTICE_BY_POSTING =
  /\bnotice\b[^.]{0,40}\bmay\b[^.]{0,100}\bposting\b|\b(?:notice|notif\w+)\b(?:(?!\b(?:including|such as|for example|or)\b)[^.]){0,120}\b(?:by|consists? of|consisting of|through|via)\s+(?:\w+\s+){0,2}?posting (?:of )?(?:the |a |an )?(?:revised|amended|updated|new|modified|changed)\b|\bnotice\b[^.]{0,60}\b(?:including|such as|for example) by (?:revising|updating|changing) the (?:"?last (?:updated|modified|revised)"? |effective )?date\b|\bposting\b[^.]{0,80}\b(?:shall|will|is|constitutes?) (?:constitute |be deemed |serve as )?(?:sufficient |adequate )?notice\b/i;
/**
 * The service telling the user, whatever the channel or voice: "we will notify you", "you will be notified by e-mail", "will be announced",
 * "by providing notice via e-mail", "we will use reasonable efforts to contact you".
 */
const NOTICE_ACT =
  /\b(?:notif(?:y|ying|ies|ied|ication)|announc(?:e|ed|es|ing|ement)|(?:send|give|provide|providing|giving|sending)\s+(?:you\s+)?(?:with\s+)?(?:a\s+|an\s+)?(?:prior\s+|advance\s+|written\s+|e-?mail\s+)?(?:notice|e-?mail|message)|inform(?:s|ed|ing)?\s+(?:you|users?)|be informed|contact you|let you know|tell you|alert you|present(?:ed|s)?\s+(?:again\s+)?to\s+(?:you|the\s+(?:customer|user|member|subscriber)s?))\b/i;
/**
 * What makes a notice a promise rather than a possibility: no "may", "might", "could" right before the act, nor "in
 * certain circumstances" or "it's possible that" framing it  (Bumble: "In certain circumstances, we may send an email to you notifying you of a Change" promises
 * nothing), and not "without notice".
 */
function promisesNotice(text: string): boolean {
  const act = NOTICE_ACT.exec(text);
  // Notice only where a law demands it ("If a Change requires a specific notice pursuant to applicable Law, …") is the
  // law's rule, not the service's.
  if (!act || WITHOUT_NOTICE.test(text) || LAW_DEMANDS.test(text) || NOTICE_OR_POSTING.test(text)) return false;
  const before = text.slice(0, act.index);
  // (A notice named as already given is no promise of one: "If you use the Services after such notification, …".)
  if (/\b(?:after|following|upon|on receipt of)\s+(?:such|this|that|the|any|said)\s*$/i.test(before)) return false;
  // The modal must govern the notice itself ("we may notify you"), not the change it is the means of ("We may make changes
  // to these Terms by notifying you … by email" promises notice of every change).
  // ("We may, at our discretion, choose to notify subscribers" is a possibility too.)
  return !/\b(?:may|might|could|can)(?:,[^,.;]{1,40},)?\s+(?![^.;]*\b(?:by|chang|modif|updat|amend|revis)\w*)[^.;]{0,40}$|\b(?:choose|elect|decide) to\s*$|\bin (?:certain|some) (?:circumstances|cases|instances)\b|\bit(?:['’]s| is) (?:also )?possible\b/i.test(
    before,
  );
}

/** Ending the user's account or access (not withdrawing content or discontinuing the service itself). */
/**
 * The service ending your account, access or agreement: the verb's object, with no condition or other object between
 * ("disable UGC for any reason, including if EA determines that UGC violates this Agreement" ends no agreement; nor does
 * "stop providing access to Third-Party Apps … if our agreements with third parties no longer permit").
 */
const TERMINATION =
  /\b(?:suspend|terminat|disabl|deactivat|clos|cancel|restrict|refuse|stop provid|end)\w*\b(?:(?!\b(?:if|when|where|because|including|violat\w*|breach\w*|infring\w*|determines?)\b)[^.]){0,120}\b(?:(?:your|user|the user['’]s|member) (?:[A-Z]\w+ )?(?:accounts?|access|use|membership|rights? to (?:access|use))|accounts\b|access to (?:the |our )?(?:services?|platform|account)\b|(?:our|this|the) agreement|(?:your|the) licen[cs]e to (?:use|access)|service to (?:you|anyone))|\bstop provid\w*\b[^.]{0,80}\bto you\b|\b(?:termination|suspension)\b/i;
const USER_ENDS =
  /\b(?:you|users?) (?:can|may|could|are free to|(?:will|shall) be (?:able|free|entitled) to)\b[^.]{0,60}\b(?:terminat|cancel|close|delete|stop|end)\w*|\bif you (?:want|wish|decide|choose|would like|elect) to (?:terminat|cancel|close|delete|end)\w*/i;
const ABRUPT =
  /\bwithout (?:prior |advance |any )?notice\b|\bat any time\b|\bfor any (?:other )?reason\b|\bsole discretion\b|\bimmediately\b|\bwith or without (?:cause|notice)\b/i;
/** The widest power to close an account: for any reason or none, with or without cause, at its sole discretion. */
const WIDE_TERMINATION = /\bfor any (?:other |or no )?reason\b|\bno reason\b|\bwith or without cause\b|\bsole discretion\b/i;
/**
 * A closing on what the user did ("users who infringe", "if you breach", "If we suspect … fraud", "repeat infringers"), or
 * what follows one ("If your access … is terminated …, you agree …"): an instance of the power, not the rule.
 */
const ON_CONDUCT =
  /\bif\b[^.]{0,60}\b(?:is|are|has been|have been) (?:terminated|suspended|closed|cancell?ed)\b|\b(?:if|where|when|in the event(?: that)?) (?:you|we (?:suspect|determine|believe|reasonably believe))\b|\b(?:users?|accounts?|anyone|those) (?:who|that)\b|\brepeat(?:ed)? infring|\bDigital Millennium\b/i;
const ANY_REASON = /\bfor any (?:other |or no )?reason\b|\bno reason\b|\bwith or without cause\b/i;
/** Datasets the service obtains elsewhere, not your data: "these datasets", "datasets from publicly available sources". */
const OTHERS_DATASETS =
  /\b(?:these|such|those) datasets\b|\bdatasets (?:from|that we (?:get|obtain|receive|license)|we (?:get|obtain|receive|license))\b|\bpublicly available (?:sources|datasets)\b/i;
/** A promise to warn before closing an account. */
export const WARNED =
  /\b(?:(?:provide|give|send) you (?:with )?(?:reasonable )?(?:(?:advance|prior|written) )*notice (?:prior to|before) (?:such |any |the |a )?(?:suspension|termination)|only after\b[^.]{0,60}\b(?:warning|cure)|inform you in advance|let you know before|notify you before|before (?:suspending|terminating|closing|disabling)\b[^.]{0,160}\b(?:we will|we['’]ll) (?:provide|give|send) you (?:with )?(?:reasonable )?(?:advance |prior )?notice)\b/i;
/**
 * An exception to notice: "we will not provide you advance notice before suspension or termination where we believe …",
 * or notice that may come after ("will inform You in advance or, if that is not possible, immediately after of the suspension").
 */
const NO_NOTICE_WHERE =
  /\b(?:will not|won['’]t|do not|need not|may not) (?:provide|give|send) (?:you )?(?:any )?(?:advance |prior )?notice\b[^.]{0,40}\b(?:before|of|prior to) (?:any )?(?:suspension|termination|suspending|terminating)\b|\bin advance,? or,? (?:if|where) (?:that|this|it|doing so) is not (?:possible|practicable|feasible),? (?:immediately |promptly )?after(?:wards)?\b[^.]{0,40}\b(?:suspension|termination)\b/i;
/** Notice with the reason as the rule, withheld in listed cases: "We will notify you with the reason for termination … unless …". */
export const NOTICE_UNLESS = /\b(?:notify|inform|tell) you\b[^.]{0,80}\b(?:terminat|suspen)\w*[^.]*\bunless\b/i;

/** (A sign is no word: "($100)" is found without a word boundary before it.) */
const CAP =
  /\b(?:liability|liable)\b[^.]{0,400}(?:\b(?:exceed|in excess of|limited to|greater of|lesser of|more than|amount (?:you )?paid|(?:typical and )?foreseeable|USD)|\$\s?\d|€)/i;
/** What a cap is measured in, when the liability is said in the sentence an item completes. */
const CAP_MEASURE =
  /\b(?:exceed\w*|in excess of|limited to|greater of|lesser of|(?:amounts?|fees?) (?:actually )?(?:you )?paid|paid by you)\b/i;
/**
 * Liability for damage of any kind excluded, with no amount: "AMAZON WILL NOT BE LIABLE FOR ANY DAMAGES OF ANY KIND …",
 * "NEITHER VALVE … SHALL BE LIABLE IN ANY WAY FOR LOSS OR DAMAGE OF ANY KIND …" (not only kinds of it: "for any
 * indirect or consequential damages" excludes some).
 */
const NO_LIABILITY =
  /\b(?:not|neither|no event|never)\b[^.;]{0,200}\bliable\b(?: to you)?(?: in any way)?(?: whatsoever)? for (?<what>any (?:loss(?:es)? or )?damages?(?: of any kind| whatsoever)|(?:any )?loss or damage of any kind)\b/i;
/** The cap itself (aggregate or maximum liability), preferred to clauses that only exclude kinds of damage. */
const AGGREGATE = /\b(?:aggregate|maximum(?! extent)|total|entire|most that)\b[^.]{0,80}\b(?:liab\w*)|\bforeseeable (?:losses|damages)\b/i;
/** Covering the service against claims, in legal or plain words ("you'll have to defend us in court and pay for any damages we incur"). */
const INDEMNITY =
  /\b(?:you|the user|users?|members?|customers?)\b[^.]{0,80}\b(?:indemnify|hold\b[^.]{0,40}\bharmless)\b|\byou(?:['’]ll| will| must| agree to)?(?: have to)? defend (?:us|[A-Z][\w.]*)\b[^.]{0,60}\bpay\b[^.]{0,40}\b(?:damages|costs|losses)\b|\bsubject to indemnification by you\b|\byou (?:will|shall|agree to|are)? ?(?:be )?(?:responsible|liable)(?: and (?:responsible|liable))? (?:to us )?for (?:all|any)\b[^.]{0,40}\b(?:claims|losses)\b[^.]{0,160}\b(?:incurred|suffered) by (?:us|[A-Z][\w.]*)\b|\bindemnify (?:us|and (?:defend|hold))\b|\baccept full responsibility for any (?:legal )?claims against\b/i;
/** An indemnity that binds only some users (business use), not the ordinary user. */
/** An indemnity for commercial users only, or for taxes only ("You will indemnify us for any taxes relating to your purchase"): no indemnity against claims. */
// (… or by whom it names as bound: "If you are a business or organization, … you will indemnify".)
const NARROW_INDEMNITY =
  /^\s*if you use\b[^.]{0,60}\b(?:commercial|business)|^\s*if you are (?:an? |acting (?:as|for|on behalf of) an? )(?:business|organi[sz]ation|company|entity|legal entity|enterprise|trader)\b|\bindemnif\w* (?:us|\w+) (?:for|against) (?:any )?tax(?:es)?\b/i;
/** (A dot between digits, "Section 27.2(2)", ends no sentence.) */
const CLAIM_LIMIT =
  /\b(?:claim|cause of action|action|dispute)s?\b(?:[^.]|\.(?=\d)){0,160}\b(?:within|no later than|must be (?:filed|commenced|brought))\b[^.]{0,40}\b(?:one|1|two|2)\s*(?:\(\d\)\s*)?years?\b/i;
const RENEWAL =
  /\b(?:automatically renew|auto-?renew|renews? automatically|renewal term\b[^.]{0,40}\bwill begin automatically|recurring (?:billing|charges?|payments?|subscription)|(?:will )?(?:continue|renew)s? (?:indefinitely |automatically )?(?:until|unless) (?:you )?cancel)\w*|\bunless you cancel\b[^.]{0,80}\b(?:charge|bill)\w*\b[^.]{0,80}\bnext (?:billing|subscription|renewal) (?:cycle|period|term)\b|\b(?:automatically (?:charge|bill)\w*|(?:charged|billed) automatically)\b[^.]{0,80}\b(?:until you cancel|renewal|each (?:month|year|billing (?:cycle|period)))|\bcharge\w* (?:\w+ ){0,3}payment method (?:every|each) (?:month|year|billing (?:cycle|period))\b|\bcontinue to (?:be charged|pay (?:all )?(?:charges|fees))\b[^.]{0,80}\buntil you (?:cancel|terminate|end)\b/i;
/**
 * Which renewal clause states the rule: one that renews or charges ("automatically renew", "you … reaffirm that Valve is
 * authorized to charge") before one that only names recurring payments ("notify Valve of changes to your card", "changes to
 * … recurring subscription fees"), a third party's billing last.
 */
const renewalRank = (text: string) =>
  (/\b(?:through|via|with) (?:such |a |the |your )?(?:account with a )?third[- ]part(?:y|ies)\b|\baccount with a third[- ]party\b/i.test(
    text,
  )
    ? 2
    : 0) +
  // (A notice at the top that names where the rule is, "READ THIS AGREEMENT CAREFULLY, AS IT PROVIDES, …", after the rule.)
  (/^\W*(?:PLEASE )?READ (?:THIS|THESE)\b|^\W*PLEASE NOTE\b/.test(text) ? 2 : 0) +
  (/\b(?:automatically renew|auto-?renew|renews? automatically|will begin automatically|until (?:you )?cancel\w*|unless you cancel|authori[sz]\w* (?:\w+ ){0,3}to charge|will (?:continue|renew))\b/i.test(
    text,
  )
    ? 0
    : 1);
const REFUND = /\brefund\w*\b/i;
export const NO_REFUND =
  /\b(?:no refunds?|non-?refundable|not (?:be )?refund(?:ed|able)|will not (?:issue|provide|give) (?:a |any )?refunds?|are final|(?:no|not (?:have )?any) obligation to (?:refund|prorate))\b/i;
/**
 * Some refunds offered: a withdrawal right, a window, a pro-rata or full refund, or exceptions the text points to ("except
 * as expressly described below"). Mandatory law reserved ("non-refundable except where required by law") and "except as
 * otherwise provided in this Agreement" offer none.
 */
const PARTIAL_REFUND =
  /\b(?:right (?:of|to) withdraw\w*|withdraw from this contract|withdrawal|cooling[- ]off|within \d+ days|(?:pro[- ]?rat|prorat)\w*|partial refund|full refund|receive a refund|(?:will|shall) be refunded|a refund may be issued|except as (?:expressly )?(?:provided|described|set (?:out|forth)|stated) (?:below|in (?:Sections? \d|the (?:following|refund)))|may (?:issue|provide|offer) (?:a )?refund)\b/i;

/** A refund the service says it gives: "we will give you … a refund for any prepaid, unused Services", "you are entitled to a refund". */
// (Said by the service or to you: "Apple will refund the purchase price" is the store's refund, not the service's.)
const REFUND_GIVEN =
  /\b(?:we|you)(?: \w+){0,2} (?:will|shall|may|can|(?:are|is|be) entitled to)\b(?:(?!\b(?:will|shall|may|can)\b)[^.;,]){0,60}\brefund\w*/i;
/** Mandatory law kept, no offer of the service's: "Nothing here limits a consumer's statutory refund rights". */
// (… or a remedy only where such law applies: "Where non-waivable consumer law applies, our liability is limited to … a
// pro-rata refund".)
const STATUTORY_SAVED =
  /\b(?:nothing|does not|do not|shall not|will not)\b[^.;]{0,80}\b(?:limit|affect|exclude|restrict|prejudice)\w*\b[^.;]{0,60}\b(?:statutory|mandatory|legal|consumer)\b|\b(?:where|if|to the extent)\b[^.;,]{0,20}\b(?:non-?waivable|mandatory)\b[^.;,]{0,30}\b(?:law|laws|rights?|guarantees?)\b/i;
/**
 * Some refund offered by the clause: an offer outside a denial's scope ("non-pro-ratable", "no prorated refund", "you will
 * not receive a refund" offer none), never a right lost or the law's own rights kept.
 */
function offersRefund(text: string): boolean {
  // (A refund at the service's discretion is no offer: "We may, in our sole discretion, provide a refund".)
  if (WITHDRAWAL_LOST.test(text) || STATUTORY_SAVED.test(text) || /\b(?:sole|own|absolute) discretion\b/i.test(text)) return false;
  if (PARTIAL_REFUND.test(text)) {
    const m = PARTIAL_REFUND.exec(text)!;
    return !/\bnon-?\s*$/i.test(text.slice(Math.max(0, m.index - 4), m.index)) && !isInNegationScope(text, PARTIAL_REFUND);
  }
  // ("There will be no refunds", "without entitling you to any refund": the refund itself denied.)
  return (
    REFUND_GIVEN.test(text) &&
    !NO_REFUND.test(text) &&
    !isInNegationScope(text, /\brefund/i) &&
    !/\bwithout\b[^.;]{0,40}\brefund/i.test(text)
  );
}

/** A denial of selling or sharing data for advertising: "We do not sell or share your data for cross-context behavioural ads". */
const SALE_FOR_ADS_DENIAL =
  /\b(?:sell|share)\w*["”']?\b[^.]{0,80}\bfor (?:the purposes? of )?(?:cross[- ]context(?:ual)? |targeted |interest[- ]based )?(?:behaviou?ral |targeted )?advertis\w*/i;
/** A right listed as the law gives it: "Opting out of sales, sharing or targeted ads: …", "the right to opt out of …". */
const RIGHT_LISTED = /^\W*(?:the )?(?:right to )?opt[- ]?out\b[^.:]{0,80}:|\b(?:right|rights) to opt[- ]?out\b/i;
/** Sharing as privacy laws mean it: "sell or share", "share … for cross-context behavioral advertising". */
const SHARING_FOR_ADS = /\bsell\w*["”']?\s+or\s+["“']?shar(?:e|ing)\b|\bshar(?:e|ing)\b[^.]{0,80}\bcross[- ]context(?:ual)?\b/i;

/** A statutory right to withdraw (and its refund) given up or lost. */
const WITHDRAWAL_LOST = /\b(?:lose|waive|forfeit|give up|no longer have)\w*\b[^.;]{0,40}\brights?\b[^.;]{0,40}\b(?:withdraw|cancel)\w*/i;

export const FACT_QUESTIONS: readonly FactQuestion[] = [
  {
    id: 'sells_data',
    read(ctx) {
      // A right the law gives ("The CCPA also gives California residents a right to opt-out from the sale …", "Nevada law
      // requires website operators to provide a way … to opt out") describes the law, not what the service does.
      // ("We do not engage in the sale or sharing of personal information" denies; it offers no way out.)
      const optOut = [...ctx.find(DO_NOT_SELL_LINK, PRIVACY), ...ctx.find(SALE_OPT_OUT, PRIVACY)].filter(
        (l) => !LAW_SPEAKS.test(l.clause.text) && !isInNegationScope(l.clause.text, SALE_OPT_OUT),
      );
      const { affirmed, denied } = polar(ctx, { topic: SALE, verb: SALE_VERB, documents: PRIVACY });
      // (A sale supposed is none made: "Should we one day sell personal data, we will tell you first".)
      const sold = [
        ...affirmed.filter(
          (l) =>
            /\b(?:we|may)\b[^.]{0,20}\b(?:sell|rent)\b/i.test(l.clause.text) &&
            !/\bif\b[^.;]{0,40}\bwe\b[^.;]{0,20}\b(?:sell|rent)\b/i.test(l.clause.text),
        ),
        ...ctx.find(SALE_AS_DEFINED, PRIVACY).filter((l) => !isInNegationScope(l.clause.text, SALE_AS_DEFINED)),
      ];
      // Reports and measurement for advertisers are not personal data shared with them.
      const shared = polar(ctx, { topic: AD_SHARING, verb: /\b(?:share|provide|disclose|give)/i, documents: PRIVACY }).affirmed.filter(
        (l) => !/\b(?:reports?|insights|measurement|measure|aggregated?|statistics)\b/i.test(l.clause.text),
      );
      // A plain denial of all the opt-out offers, with nothing sold or shared for ads: the opt-out is a right listed, not
      // a sale admitted ("We do not sell your Personal Data." / "Opt out of the sale of personal information."). An opt-out
      // of "sharing" stands unless sharing is denied too, and never by a denial on a condition ("If … we will not share").
      const unconditional = (l: Located) => !/^\W*(?:if|when|where|unless)\b/i.test(l.clause.text);
      const plainDenial = polar(ctx, { topic: SALE, verb: SALE_VERB, documents: PRIVACY }).denied.filter(
        (l) => !isForChildren(l) && !HEDGED_DENIAL.test(l.clause.text) && unconditional(l),
      );
      const sharingDenied = ctx
        .find(SHARING_FOR_ADS, PRIVACY)
        // (The name of the opt-out, "Do Not Sell or Share", denies nothing.)
        .filter(
          (l) =>
            unconditional(l) &&
            // (… nor one about minors' data only: "… the data of minors it knows to be under 16".)
            !isForChildren(l) &&
            !/\b(?:of|from|about) (?:known )?(?:children|minors|kids|teens|users under)\b/i.test(l.clause.text) &&
            isInNegationScope(l.clause.text.replace(/\bDo Not Sell (?:or|and|\/) Share\b/g, ''), /\bshar(?:e|ing)\b/i),
        );
      // (Sharing as what the opt-out stops, not what it leaves: "the opt-out does not reach our sharing … with vendors".)
      const offersSharing = optOut.some((l) =>
        /\bopt[- ]?out of (?:the )?(?:sale (?:or|and) )?shar|\bsell(?:ing)?["”']? (?:or|and) ["“']?shar|\bsale (?:or|and) shar|\bopt[- ]?out of having\b[^.;]{0,50}\bshared\b|\bDo Not (?:Sell (?:or|and) )?Share\b/i.test(
          l.clause.text,
        ),
      );
      if (
        optOut.length > 0 &&
        sold.length === 0 &&
        // (Sharing with partners read from other clauses yields to the plain denial of "sharing" itself.)
        (shared.length === 0 || sharingDenied.length > 0) &&
        // (… and a denial of both words as the laws use them, 'We do not "sell" or "share" …', is the plain denial the
        // question asks for, however the quotation marks hedge each.)
        (plainDenial.length > 0 || sharingDenied.some((l) => isInNegationScope(l.clause.text, /\bsell/i))) &&
        (!offersSharing || sharingDenied.length > 0)
      )
        return ctx.answer(
          'no',
          [...plainDenial.slice(0, 1), ...sharingDenied.slice(0, 1)].filter((l, i, all) => all.indexOf(l) === i),
        );
      // The offer, and after it the clause that says what is handed to others, where one does: a sentence may claim it then.
      if (optOut.length > 0)
        return ctx.answer(
          'yes_opt_out',
          [...optOut.slice(0, 2), ...sold.slice(0, 1), ...shared.slice(0, 1)].filter(
            (l, i, all) => all.findIndex((other) => other.clause === l.clause) === i,
          ),
        );
      // A plain, general denial ("Yelp does not sell your personal information") against a sale only inferred from
      // advertising partners' cookies: readers disagree whether that is a "sale", so the answer says less rather than
      // contradict the text. A hedged denial ("not in the business of selling", "in the conventional sense", "as the
      // term is defined in the CCPA") denies only one meaning of the word, and the practice stands.
      // A promise the terms make ("Example does not sell, rent or monetize your personal data") denies as plainly.
      const promised = polar(ctx, { topic: SALE, verb: SALE_VERB, documents: TERMS }).denied;
      const general = [...denied, ...promised].filter((l) => !isForChildren(l) && !HEDGED_DENIAL.test(l.clause.text));
      if (sold.length === 0 && shared.length > 0 && general.length > 0) return NOT_STATED;
      const practice = [...sold, ...shared];
      if (practice.length > 0) {
        // (The choice that names where to make it first: a setting or page over "your browser may offer some controls".)
        const named = (l: Located) =>
          Number(
            Boolean(findRoute(l.clause.text) ?? findSettingName(l.clause.text)) &&
              /\byou\b|^\W*(?:opt|turn|switch|adjust|change|modify|manage|visit)\b/i.test(l.clause.text),
          );
        const choice = ctx
          .find(ADS_OPT_OUT, PRIVACY)
          .filter((l) => /\bads?\b|advertis/i.test(l.clause.text))
          .sort((a, b) => named(b) - named(a));
        return choice.length > 0 ? ctx.answer('yes_opt_out', [...practice.slice(0, 2), choice[0]!]) : ctx.answer('yes', practice);
      }
      // A promise made for a children's version of the service says nothing of everyone's data.
      if (general.length > 0) return ctx.answer('no', general);
      return NOT_STATED;
    },
    examples: [
      // Both words denied as the laws use them answer the question, whatever other sharing the policy lists.
      {
        clause:
          'We give partners data to market our own products. Quill does not “sell” or “share” your data as privacy laws use those words. You may opt out of the sale of your data by e-mailing us.',
        value: 'no',
      },
      // Sale denied, sharing for others' ads admitted, with its opt-out (not a sharing denial for minors only).
      {
        clause:
          'Although Quill does not sell your data, we may share it through ad cookies that let third-party partners deliver ads to you. Quill does not “sell” or “share” the data of minors it knows to be under 16. You can opt out of such sharing on the Privacy Settings page.',
        value: 'yes_opt_out',
      },
      { clause: 'We do not sell your personal information to anyone.', value: 'no' },
      {
        clause: 'You can opt out of the sale or sharing of your personal information using the Do Not Sell or Share link.',
        value: 'yes_opt_out',
      },
      { clause: 'We may sell your personal information to data brokers.', value: 'yes' },
      // A denial of all the opt-out offers, with no sale or ad sharing described: the opt-out is one of the rights the law lists.
      {
        clause:
          'We do not sell your personal data, and we do not share it for cross-context behavioural advertising. Among your rights: to opt out of any sale or sharing of your information. Should we ever sell data, we will tell you first.',
        value: 'no',
      },
      {
        clause:
          'We Do Not Sell Your Data. You may opt out of having your personal data shared for ad targeting on the Privacy Choices page.',
        value: 'yes_opt_out',
      },
      // The user's right to tell the service not to sell denies nothing.
      {
        clause: 'We may sell your personal information to advertisers. You may direct us to not sell your personal data at any time.',
        value: 'yes_opt_out',
      },
      // An opt-out of sharing one thing of yours is no opt-out of a sale, nor is what an opt-out leaves.
      { clause: 'We never sell any of your data. You can opt out of sharing your location when you sign up.', value: 'no' },
      {
        clause:
          'We never sell information about you. Residents of some states may ask us to stop “selling” their data. This opt-out does not reach our sharing of data with vendors.',
        value: 'no',
      },
      // An opt-out of sharing stands where only the sale is denied.
      {
        clause: 'We never sell personal data. To opt out of the sharing of your data, use the Do Not Share link.',
        value: 'yes_opt_out',
      },
      {
        clause:
          'We do not sell your personal data. Virginia law also grants its residents a right to opt out of the sale of their personal data.',
        value: 'no',
      },
      {
        clause:
          'We are not in the business of selling your personal information. We share device identifiers with advertising partners so they can show you ads, and you can opt out of personalised ads in Settings.',
        value: 'yes_opt_out',
      },
      {
        clause: 'We never sell your personal information. We share device identifiers with advertising partners so they can show you ads.',
        value: 'not_stated',
      },
      { clause: 'We do not sell your personal information in the conventional sense of the word.', value: 'not_stated' },
      // Its own disclosures admitted to be a "sale" or "sharing" as a law defines the words: the practice is stated.
      {
        clause:
          'We do not sell your personal information for money. Some of these disclosures to advertising partners may constitute "sharing" or the "sale" of personal information under certain US state privacy laws.',
        value: 'yes',
      },
      {
        clause:
          'This is also known as interest-based advertising, or what some states may define as ‘sharing or selling’. You may also modify your personalized advertising setting in your account.',
        value: 'yes_opt_out',
      },
      { clause: 'Sending your e-mail address to our payment processor does not constitute a “sale” under the CCPA.', value: 'not_stated' },
      // The object of "sell" is the business, not your data.
      {
        clause: 'If we were to sell our business or merge with another company, your information may be transferred to the buyer.',
        value: 'not_stated',
      },
      { clause: 'We may sell, rent or otherwise share your personal information with data brokers.', value: 'yes' },
      { clause: 'Example does not sell, rent or monetize your personal data or content in any way.', value: 'no' },
      {
        clause: 'Example does not sell, rent or monetize your personal data or content in any way – ever.',
        document: 'terms',
        value: 'no',
      },
      { clause: 'Example does not rent, sell or share information about you with other people.', value: 'no' },
      // Denials however the data is named, or said of the data as subject or by its pronoun.
      { clause: 'We do not engage in the sale or sharing of personal information.', value: 'no' },
      { clause: 'We will never sell personally identifiable information, whoever asks.', value: 'no' },
      { clause: 'Your personal data belongs to you, which is why we will never sell it.', value: 'no' },
      { clause: 'Member data is never sold or rented.', value: 'no' },
      {
        clause: 'We do not sell your personal information, but we share your e-mail address with our payment processor to send receipts.',
        value: 'no',
      },
    ],
  },
  {
    id: 'targeted_ads',
    read(ctx) {
      const read = polar(ctx, { topic: ADS, documents: PRIVACY });
      // Where the privacy policy is silent, the terms may state the practice as the service's own ("we may use targeted
      // advertising to try to make advertising more relevant to you").
      const affirmed =
        read.affirmed.length > 0
          ? read.affirmed
          : polar(ctx, { topic: ADS, documents: TERMS }).affirmed.filter(
              (l) =>
                /\bwe\b[^.;]{0,30}\b(?:use|show|serve|display|provide|personali[sz]e|tailor)\w*\b/i.test(l.clause.text) &&
                !USER_OBLIGATION.test(l.clause.text),
            );
      // (A denial of selling or "sharing" data for advertising is not one of ads: "We don't 'share' Personal Information for
      // cross-contextual behavioral advertising" says nothing of the ads the service shows.)
      const general = read.denied.filter((l) => !isForChildren(l) && !SALE_FOR_ADS_DENIAL.test(l.clause.text));
      if (affirmed.length === 0) return general.length > 0 ? ctx.answer('no', general) : NOT_STATED;
      // A right the law lists ("Opting out of sales, sharing or targeted ads: …", "the right to opt out of targeted
      // advertising") where no clause says the service shows such ads: nothing is stated.
      if (affirmed.every((l) => RIGHT_LISTED.test(l.clause.text) && !isAdsPractice(l.clause.text))) return NOT_STATED;
      // Where the policy sends you to change your ads choice ("You can change your choice at any time in your Ad Preferences").
      const control = ctx.find(AD_CONTROL, PRIVACY).filter((l) => findSettingName(l.clause.text));
      const optIn = affirmed.filter((l) => ADS_OPT_IN.test(l.clause.text));
      const industry = ctx.find(INDUSTRY_AD_CHOICES, PRIVACY).filter((l) => !USER_OBLIGATION.test(l.clause.text));
      if (optIn.length > 0 && industry.length === 0) return ctx.answer('yes_opt_in', [...optIn.slice(0, 2), ...control.slice(0, 1)]);
      const optOut = affirmed.filter((l) => ADS_OPT_OUT.test(l.clause.text));
      // The clause that states the practice itself, quoted first wherever the answer's clauses only offer a way out of it.
      const practice = affirmed.find((l) => isAdsPractice(l.clause.text));
      const stating = (ls: Located[]) => (practice && !ls.includes(practice) ? [practice, ...ls] : ls);
      // The how often comes in the next sentence ("To do so, visit the Privacy section of …"): it is quoted too.
      const howOf = (l: Located) => ctx.following([l], OPT_OUT_HOW, 2).find((next) => next !== l && findRoute(next.clause.text));
      // The offer that speaks to you ("you may have the right to opt out …"), not its heading.
      const withHow = [...optOut]
        .sort((a, b) => Number(/\byou\b/i.test(b.clause.text)) - Number(/\byou\b/i.test(a.clause.text)))
        .find((l) => howOf(l));
      // … and what the opt-out leaves ("Note that you will still see ads, but they will not be informed by off-site data").
      const reach = (l: Located) =>
        ctx
          .following([l], /\bstill (?:see|be shown|get) (?:\w+ )?ads\b/i, 3)
          .filter((next) => next !== l)
          .slice(0, 1);
      // (… four quotes where the opt-out leaves something: the practice, the offer, its how and what it leaves.)
      if (withHow) {
        const how = howOf(withHow)!;
        return ctx.answer('yes_opt_out', stating([withHow, how, ...reach(how)]), {}, reach(how).length ? 4 : 3);
      }
      if (optOut.length > 0) return ctx.answer('yes_opt_out', stating([...optOut.slice(0, 2), ...control.slice(0, 1)]));
      // An opt-out of the advertising offered elsewhere in the policy ("to refuse these partners' ads, see our Privacy Choices
      // page"), the industry's programmes first where consent was named too.
      const elsewhere = [
        ...(optIn.length > 0 ? industry : []),
        ...ctx.find(ADS_OPT_OUT_ELSEWHERE, PRIVACY).filter((l) => !USER_OBLIGATION.test(l.clause.text)),
      ];
      if (elsewhere.length > 0) return ctx.answer('yes_opt_out', [practice ?? affirmed[0]!, elsewhere[0]!]);
      return ctx.answer('yes', affirmed);
    },
    examples: [
      // Ads among the things tailored to you.
      { clause: 'We use your details for tailoring news, advertisements and deals for you.', value: 'yes' },
      // A title that opens with "No" denies what it lists.
      { clause: 'No Selling, Profiling or Targeted Advertising. We keep your data to ourselves.', value: 'no' },
      // Consent asked for before the ads are tailored is an opt-in.
      {
        clause: 'Before we tailor ads to your taste, the app requests your express consent.',
        value: 'yes_opt_in',
      },
      // Consent "where required" is some laws' rule, not everyone's opt-in, whichever side of it the words stand.
      { clause: 'Where the law allows it (and, where required, with your consent) we show you ads based on your interests.', value: 'yes' },
      {
        clause: 'We use your information to show you personalized ads, and you can turn off personalized ads in Ad Settings.',
        value: 'yes_opt_out',
      },
      { clause: 'We show you personalised ads only if you consent to it.', value: 'yes_opt_in' },
      // A sale or "sharing" denied for advertising is no denial of ads; a right the law lists is no practice.
      { clause: 'We do not “sell” or “share” your personal data for cross-context behavioural advertising.', value: 'not_stated' },
      {
        clause: 'Your rights. Opt out of sales, sharing or targeted advertising: you may ask us to stop selling your data.',
        value: 'not_stated',
      },
      { clause: 'We use your activity to show you targeted advertising.', value: 'yes' },
      { clause: 'Our ad partners may use cookies to serve you adverts based on your browsing activity across apps.', value: 'yes' },
      { clause: 'Partners use this information to show ads more relevant to your interests.', value: 'yes' },
      // The user's wish in a condition denies nothing: the sentence offers a way out of the practice.
      {
        clause: 'If you do not want to see ads based on your interests, you can disable Personalised Ads in Settings.',
        value: 'yes_opt_out',
      },
      // Consent named beside the industry's opt-out programmes is some laws' basis: the ads are shown until you opt out.
      {
        clause:
          'With your consent, our partners tailor the ads you see to your interests. To make choices about interest-based ads from these partners, use the Digital Advertising Alliance’s tools.',
        value: 'yes_opt_out',
      },
      {
        clause:
          'Ads in the app are tailored to you (with your consent). To opt out of interest-based ads on your phone, follow the steps at https://www.aboutads.info/appchoices.',
        value: 'yes_opt_out',
      },
      // Consent "where applicable" is the rule of some laws, not everyone's opt-in.
      {
        clause: 'Partners use cookies, with your consent where applicable, to show you ads based on your interests.',
        value: 'yes',
      },
      {
        clause: 'We use your activity to show you targeted advertising. You may also modify your personalized advertising setting here.',
        value: 'yes_opt_out',
      },
      {
        clause:
          'We use your activity to show you targeted advertising. To opt out of the advertising practices of our ad partners, visit our Privacy Choices page.',
        value: 'yes_opt_out',
      },
      // The rule quotes the clause that states the practice, not only the right to opt out of it.
      {
        clause:
          'We use your purchases to provide you with targeted advertising. You have the right to opt out of targeted advertising, and to do so, visit https://example.com/choices.',
        value: 'yes_opt_out',
        quote: 'We use your purchases to provide you with targeted advertising.',
      },
    ],
  },
  {
    id: 'cross_site_tracking',
    read(ctx) {
      const found = serviceOnly(
        [TRACKING, TRACKING_PARTNERS, OTHERS_TRACKERS, BROWSING_ADS].flatMap((pattern) => ctx.find(pattern, PRIVACY)),
      ).filter((l, i, all) => all.findIndex((other) => other.clause === l.clause) === i);
      // (A table row of data categories names "partner sites" but states no tracking.)
      const affirmed = found.filter(
        (l) => !isDeniedBefore(l.clause.text, /\b(?:track|use|collect)\w*/i, 20) && !isCategoryRow(l.clause.text),
      );
      if (affirmed.length > 0) return ctx.answer('yes', affirmed);
      // A denial whose object is the person ("We do not track you on this site or any others", "We make no effort to track
      // visitors") or tracking as such ("free of tracking tools"), with nothing affirmed: one kind of cookie denied is not it.
      const denied = polar(ctx, { topic: TRACKING_DENIED, verb: /\btrack/i, documents: PRIVACY }).denied.filter((l) => !isForChildren(l));
      return denied.length > 0 ? ctx.answer('no', denied) : NOT_STATED;
    },
    examples: [
      { clause: 'We do not track you on this site or on any other.', value: 'no' },
      { clause: 'This site sets no third-party cookies and makes no effort to track visitors.', value: 'no' },
      {
        clause: 'We do not track you. Ad partners we work with set cookies that record your activity on other websites for them.',
        value: 'yes',
      },
      { clause: 'If you do not want us to track you, you can turn off cookies in your browser.', value: 'not_stated' },
      {
        clause: 'Our partners use cookies and pixels to collect information about your activity on other websites and apps.',
        value: 'yes',
      },
      { clause: 'We use cookies to keep you signed in.', value: 'not_stated' },
      {
        clause: 'These partners may receive information about your activities through third-party cookies placed on our website.',
        value: 'yes',
      },
      { clause: 'We allow third parties to use cookies through the Service to collect the same information as we do.', value: 'yes' },
      {
        clause:
          'Our advertising partners may collect information related to your online activities over time and across services for targeted advertising.',
        value: 'yes',
      },
      { clause: 'We also work with partners to serve ads to you off Example Services.', value: 'yes' },
      { clause: 'We do not use third-party cookies.', value: 'not_stated' },
      // Browsing others' websites.
      {
        clause: 'We collect cookie data and your device ID whenever you use the app or browse the websites of Quill or our partners.',
        value: 'yes',
      },
      // Others' trackers on the service, however said; a service you reach through the app setting its own is not.
      { clause: 'Some third-party partners place cookies and SDKs in our app to measure the ads they run.', value: 'yes' },
      { clause: 'Our marketing cookies report sign-ups to the ad networks we buy ads from.', value: 'yes' },
      { clause: 'Outside services you open from the app may set cookies of their own on your phone.', value: 'not_stated' },
    ],
  },
  {
    id: 'third_party_data',
    read(ctx) {
      // (The service as the one receiving: in the clause, the sentence its list completes, or a passive "data collected from".)
      const found = serviceOnly(ctx.find(THIRD_PARTY_DATA, PRIVACY)).filter(
        (l) =>
          /\b(?:we|us)\b/i.test(`${leadInOf(l)} ${l.clause.text}`) ||
          /\b(?:data|information) (?:collected|obtained|received) from\b/i.test(l.clause.text),
      );
      return found.length > 0 ? ctx.answer('yes', found) : NOT_STATED;
    },
    examples: [
      { clause: 'We also obtain information about you from commercial and public sources, such as listings.', value: 'yes' },
      { clause: 'Partners may provide us with further information about you, such as your postcode.', value: 'yes' },
      { clause: 'We receive information about you from our partners and advertisers.', value: 'yes' },
      { clause: 'When you link your photo account, we may import the albums you keep there.', value: 'yes' },
      { clause: 'We may gather publicly available information about your employer to suggest features.', value: 'yes' },
      { clause: 'We get details about you from our trusted marketing partners.', value: 'yes' },
      { clause: 'We process: (i) data collected from outside sources, such as public databases.', value: 'yes' },
    ],
  },
  {
    id: 'ai_training',
    read(ctx) {
      const read = polar(ctx, { topic: AI_TRAIN, verb: /\b(?:train|develop|improve|enhance)/i });
      // A feature that trains the user's own models ("create … Models from your own training data") is not the service
      // training on your data.
      // … nor other data it obtains ("We get datasets from publicly available sources …" / "We use these datasets to: Improve our
      // AI technologies"): that is no training on your data.
      const affirmed = read.affirmed.filter(
        (l) => !USERS_OWN_MODELS.test(l.clause.text) && !OTHERS_DATASETS.test(`${leadInOf(l)} ${l.clause.text}`),
      );
      // A denial "without your explicit opt-in and consent" is an opt-in: training needs your yes.
      // (… nor a clause saying what the policy covers: "This Policy applies to … data collected through the process of
      // training Midjourney machine learning algorithms".)
      const onConsent = read.denied.filter((l) => WITHOUT_YOUR_CONSENT.test(l.clause.text));
      // A denial speaks for your data only where its object is (not "No IDP data is used to train …", "We do not use it [the
      // data received from Google APIs] to train …": one source's promise).
      // (… nor data named by where it came from: "any data obtained through your company's sign-in provider".)
      const denied = read.denied.filter(
        (l) => !onConsent.includes(l) && YOUR_DATA.test(l.clause.text) && !FROM_ONE_SOURCE.test(l.clause.text),
      );
      // A sentence before a heading-like line ("Developing and improving AI at Meta"), which says nothing alone.
      const ours = [...affirmed]
        .filter((l) => !POLICY_COVERS.test(l.clause.text))
        .sort((a, b) => Number(isStatement(b.clause.text)) - Number(isStatement(a.clause.text)));
      if (ours.length === 0 && onConsent.length > 0) return ctx.answer('yes_opt_in', onConsent);
      if (ours.length === 0) return denied.length > 0 ? ctx.answer('no', denied) : NOT_STATED;
      const optIn = [...onConsent, ...ours.filter((l) => AI_OPT_IN.test(l.clause.text))];
      if (optIn.length > 0) return ctx.answer('yes_opt_in', optIn);
      const objections = ctx.find(OBJECTION, PRIVACY).filter(
        (l) =>
          (OBJECTION_REACHES_TRAINING.test(l.clause.text) || AI_TRAIN.test(l.clause.text)) &&
          // (One region's right to object is not everyone's.)
          scopeOf(l.clause) === undefined &&
          // (… and opting out of an analytics or advertising tool — "opt-out of having your activity made available to
          // Google Analytics" — is no opting out of training, unless the clause names training.)
          (AI_TRAIN.test(l.clause.text) || !/\banalytics\b|\bcookies?\b|\badvertis\w*|\bads\b/i.test(l.clause.text)),
      );
      const optOut = [...ours.filter((l) => AI_OPT_OUT.test(l.clause.text)), ...objections];
      // An opt-out the documents confine to something else ("applies solely to the use of your Inputs and Outputs,
      // and does not apply to the license granted in Sections D.4") leaves the training of your content as it is.
      const confined = ctx.find(OPT_OUT_CONFINED);
      if (optOut.length > 0 && confined.length > 0) return ctx.answer('yes', [...ours.slice(0, 1), ...confined.slice(0, 1)]);
      if (optOut.length > 0) return ctx.answer('yes_opt_out', [...ours.slice(0, 1), ...optOut]);
      return ctx.answer('yes', ours);
    },
    examples: [
      // Opting out of an analytics tool is no opting out of training.
      {
        clause:
          'We use your prompts to improve our AI models. You can opt out of having your visits reported to Google Analytics with its browser add-on.',
        value: 'yes',
      },
      // A promise about data from one source is no promise about yours.
      {
        clause: 'We never use any data obtained through your company’s sign-in provider to train machine learning models.',
        value: 'not_stated',
      },
      // A refusal "without your opt-in" is an opt-in; what the policy covers is no practice; "No … is used" denies.
      { clause: 'We will not use your stories to train our generative models without your explicit, opt-in consent.', value: 'yes_opt_in' },
      {
        clause:
          'Scope: This Policy applies to personal data we collect, which may include data collected while training our machine learning models.',
        value: 'not_stated',
      },
      { clause: 'No customer data is used to train or improve general AI models.', value: 'no' },
      // One source's promise is no denial for your data.
      { clause: 'No data from your calendar integration is used to train general AI models.', value: 'not_stated' },
      // A duty of the user, after a lead-in whose subject is far from its "must not:".
      {
        clause:
          'You (and any person or system you authorize to use the Services) must not:\n\n- use the Services or any data made available through them to create, train or improve artificial intelligence models.',
        document: 'terms',
        value: 'not_stated',
      },
      { clause: 'With Studio you can train machine learning models on your own datasets and host them privately.', value: 'not_stated' },
      // Datasets the service gets elsewhere are not your data.
      {
        clause:
          'We get datasets from publicly available sources, research institutions and data providers. We use these datasets to:\n\n- Improve our AI technologies and support AI research.',
        value: 'not_stated',
      },
      { clause: 'We use your posts to train our machine learning models.', value: 'yes' },
      { clause: 'We do not use your content to train our AI models.', value: 'no' },
      { clause: 'You may not use the content of the service to train artificial intelligence models.', value: 'not_stated' },
      {
        clause:
          'Unless we agree otherwise in writing, you agree not to:\n\n(i) resell access to the service;\n\n(ii) copy our catalogue for the training of machine learning models.',
        document: 'terms',
        value: 'not_stated',
      },
      {
        clause: '## Nor may you do these things:\n\n- Scrape our pages.\n- Feed our articles to the training of generative AI systems.',
        document: 'terms',
        value: 'not_stated',
      },
      {
        clause: 'We do not use the messages you send or the files you upload in any way for training our machine learning models.',
        value: 'no',
      },
      { clause: 'We never sell your posts, but we do use them to train our AI models.', value: 'yes' },
      { clause: '“Training Set” means a collection of examples used to train machine learning models.', value: 'not_stated' },
      {
        clause: 'The translation vendors we work with are bound by contract. They do not use your texts for training their models.',
        value: 'not_stated',
      },
      { clause: 'We use your data to train our AI models, and you can object to this in your settings.', value: 'yes_opt_out' },
      {
        clause:
          'We use your data to train our AI models. Where we rely on legitimate interests, you have the right to object to our use of your data.',
        value: 'yes_opt_out',
      },
      {
        clause: 'We use your data to train our AI models. You have the right to object to the processing of your personal data.',
        value: 'yes',
      },
      {
        clause:
          'You grant us a licence to use your content to train our AI models. You can opt out of the use of your prompts in your settings. This opt-out applies solely to your prompts and does not apply to the licence to your content.',
        value: 'yes',
      },
    ],
  },
  {
    id: 'precise_location',
    read(ctx) {
      const denied = ctx.find(PRECISE_DENIED, PRIVACY);
      if (denied.length > 0) return ctx.answer('no', denied);
      // Other makers' devices ("Most non-Amazon devices also let users change device permissions") say nothing of this service.
      const named = serviceOnly(ctx.find(LOCATION, PRIVACY)).filter(
        (l) => !OTHERS_DEVICES.test(l.clause.text) && namesPreciseLocation(l.clause.text),
      );
      // A location in a denial's scope is not collected: "does not intentionally collect sensitive data, such as health
      // information or precise geolocation".
      const negated = named.filter((l) => isInNegationScope(l.clause.text, LOCATION));
      const found = named.filter((l) => !negated.includes(l));
      if (found.length === 0) {
        const deniesPrecise = negated.filter((l) => /\bprecise\b/i.test(l.clause.text));
        if (deniesPrecise.length > 0) return ctx.answer('no', deniesPrecise);
        const approximate = ctx.find(APPROXIMATE_ONLY, PRIVACY);
        // "No precise location" holds only if every location the policy collects is the approximate one: "time zone
        // setting and location", unqualified, may be either, so nothing is stated.
        const unqualified = ctx
          .find(/\blocation\b/i, PRIVACY)
          .filter(
            (l) =>
              !approximate.includes(l) &&
              /\b(?:collect|receive|obtain|gather)\w*\b|\binclud\w*\b/i.test(l.clause.text) &&
              namesAnyLocation(l.clause.text),
          );
        return approximate.length > 0 && unqualified.length === 0 ? ctx.answer('no', approximate) : NOT_STATED;
      }
      // The choice may be given in a clause of its own ("you can decide to allow Booking.com to use your current location").
      const permission = found.some((l) => LOCATION_PERMISSION.test(l.clause.text))
        ? found.filter((l) => LOCATION_PERMISSION.test(l.clause.text))
        : serviceOnly(ctx.find(LOCATION_NEAR_PERMISSION, PRIVACY)).filter((l) => !OTHERS_DEVICES.test(l.clause.text));
      // Whatever the permission, the location read from your IP address: quoted too, for the summary to say.
      const fromIp = ctx.find(LOCATION_FROM_IP, PRIVACY).filter((l) => !found.includes(l));
      const also = fromIp.slice(0, 1);
      // The permission clause that names where you control it (your device settings) first.
      const bySetting = [...permission].sort(
        (x, y) => Number(/\bsettings?\b/i.test(y.clause.text)) - Number(/\bsettings?\b/i.test(x.clause.text)),
      );
      return permission.length > 0
        ? ctx.answer('yes_with_permission', [...bySetting.slice(0, 2), ...also])
        : ctx.answer('yes', [...found.slice(0, 2), ...also]);
    },
    examples: [
      // The device's place however named; an approximate location alone is no precise one.
      { clause: 'We collect your device coordinates to find members near you.', value: 'yes' },
      { clause: 'Data we gather includes your approximate location.', value: 'no' },
      { clause: 'If you opt in to location sharing, we collect the GPS location of your phone.', value: 'yes_with_permission' },
      // A permission over something else the clause lists is none over the location.
      {
        clause:
          'We collect your location through GPS and Wi-Fi. To register you, we use (a) Profile Data, such as your name, age and location (b) Contact Data, as limited by your privacy settings.',
        value: 'yes',
      },
      {
        clause:
          'We infer your approximate location from your IP address. We also collect device information, including your language, time zone and location.',
        value: 'not_stated',
      },
      { clause: 'We estimate your general location (your city) from your IP address.', value: 'no' },
      {
        clause:
          'We collect the precise location of your device through GPS. When you use our app, you can decide to allow us to use your current location.',
        value: 'yes_with_permission',
      },
      {
        clause: 'We use the general location of your device, such as the region you are in, to choose a nearby server.',
        value: 'not_stated',
      },
      { clause: 'If you allow it in your device settings, we collect your precise location from GPS.', value: 'yes_with_permission' },
      { clause: 'We do not collect your precise location; we use only your IP address to infer your city.', value: 'no' },
      { clause: 'We infer your general location from your IP address.', value: 'no' },
      {
        clause:
          'Example does not knowingly gather special categories of data, such as health records, fingerprints or the precise geolocation of your phone.',
        value: 'no',
      },
      {
        clause:
          'We collect the precise location of your device. Most non-Quill devices also let users change device permissions, for example to disable location services.',
        value: 'yes',
      },
    ],
  },
  {
    id: 'biometrics',
    read(ctx) {
      const { affirmed, denied } = polar(ctx, {
        topic: BIOMETRIC,
        verb: /\b(?:collect|use|process|receive|store)\w*/i,
        documents: PRIVACY,
      });
      // A photo is no biometric data until the face in it is measured: a "selfie" or "photo of your face" counts only
      // where the clause says it is matched, compared, recognised or analysed (Lyft asks for a selfie with an ID document).
      const measured = affirmed.filter(
        (l) => (!ONLY_A_PHOTO.test(l.clause.text) || FACE_MEASURED.test(l.clause.text)) && !FACILITY_ACCESS.test(l.clause.text),
      );
      if (measured.length === 0) return denied.length > 0 ? ctx.answer('no', denied) : NOT_STATED;
      const consent = ctx.following(measured, CONSENT, 2);
      return consent.length > 0 ? ctx.answer('yes_with_consent', [...measured.slice(0, 1), ...consent]) : ctx.answer('yes', measured);
    },
    examples: [
      { clause: 'When you sign up we may ask you for a selfie and a photo of your ID card.', value: 'not_stated' },
      { clause: 'We compare the selfie you upload with the photo on your ID to verify your identity.', value: 'yes' },
      { clause: 'With your consent, we use facial recognition technology to create a face template.', value: 'yes_with_consent' },
      { clause: 'We do not collect biometric data.', value: 'no' },
      // A table's category and its examples say what the kind is, not that the service collects it.
      {
        clause: 'iv. Category D: Biometric information.\n\n* Examples: voiceprints, faceprints and iris scans.\n* Collected: No.',
        value: 'not_stated',
      },
      {
        clause:
          '| # | Category | Examples | Collected | Sold |\n|---|---|---|---|---|\n| 4 | Biometric information. | Faceprints and voiceprints. | NO | NO |',
        value: 'not_stated',
      },
      // A building's guard is no data about you.
      {
        clause: 'Our servers sit in certified data centres protected by biometric entry controls and round-the-clock staff.',
        value: 'not_stated',
      },
    ],
  },
  {
    id: 'message_content',
    read(ctx) {
      // "This information is not end-to-end encrypted" is no promise of end-to-end encryption.
      const e2e = ctx.find(END_TO_END, PRIVACY).filter((l) => !isInNegationScope(l.clause.text, /\bend-to-end\b/i));
      if (e2e.length > 0) return ctx.answer('no', e2e);
      // Never the user's own duty ("You are responsible for compliance with all Laws governing the monitoring … of
      // conversations"), nor a denial of any use ("Zoom does not use any of your … chat … to train … models").
      const found = serviceOnly(ctx.find(MESSAGES)).filter(
        (l) =>
          !WITH_THE_SERVICE.test(l.clause.text) &&
          !USER_OBLIGATION.test(l.clause.text) &&
          !/^\W*You are responsible\b/.test(l.clause.text) &&
          // (… nor what you yourself do with messages: "on a free plan you can only send and read a few messages".)
          !/\byou\b[^.;]{0,60}\b(?:send|read|receive|write|view)\w*\b[^.;]{0,30}\b(?:messages?|chats?|conversations?)\b/i.test(
            l.clause.text,
          ) &&
          // (A cell of a table of data categories, "…; Content of your Communications; …", names a kind of data, not whose
          // messages or what is done with them: the communications may be yours with the service.)
          !namesOnlyACategory(l.clause.text),
      );
      const affirmed = found.filter(
        (l) =>
          !isDeniedBefore(l.clause.text, /\b(?:scan|analy|review|read|access|collect|process)\w*/i, 25) &&
          !isInNegationScope(l.clause.text, /\b(?:use|uses)\b/i),
      );
      if (affirmed.length > 0) return ctx.answer('yes', affirmed);
      // Read together: a definition that counts users' messages as content, and the service's reviewing of that content
      // ("… post messages, comments or photos (the “User Content”)" / "We may screen any User Content").
      const defines = ctx.find(CONTENT_DEFINED).filter((l) => USERS_MESSAGES.test(l.clause.text));
      const reviews = serviceOnly(ctx.find(CONTENT_REVIEWED)).filter(
        (l) =>
          /\b(?:we|us|our)\b|\breserves? the right\b|\bby (?:review|screen|monitor)\w*/i.test(l.clause.text) &&
          // (A right kept "but not the duty" to review is kept.)
          !isDeniedBefore(
            l.clause.text.replace(/\(?\bbut (?:is |are |has |have )?(?:not obligated|no obligation|not the duty|no duty)\)?/gi, ''),
            CONTENT_REVIEWED,
            25,
          ),
      );
      return defines.length > 0 && reviews.length > 0 ? ctx.answer('yes', [reviews[0]!, defines[0]!]) : NOT_STATED;
    },
    examples: [
      // A definition and a rule read together.
      {
        clause:
          'Members can post photos, comments and direct messages to other members (together, “User Content”). We may screen any User Content for abuse.',
        value: 'yes',
      },
      {
        clause: 'You may post photos and comments (together, “User Content”). We may screen any User Content for abuse.',
        value: 'not_stated',
      },
      { clause: 'We review the messages and files you send to other members to detect spam and malware.', value: 'yes' },
      { clause: 'We may access, review and disclose such messages to investigate abuse of the service.', value: 'yes' },
      { clause: 'Chats between buyers and sellers may be reviewed by our trust team.', value: 'yes' },
      { clause: 'We receive the date of each call and the content of the text message you send to an agent.', value: 'yes' },
      {
        clause: 'Hosts and guests can write to each other in the app. We collect and analyse data from these conversations.',
        value: 'yes',
      },
      { clause: 'We monitor how well our campaigns work, in order to tailor messages to your interests.', value: 'not_stated' },
      { clause: 'On a free plan you can only read a few of the messages other members send you.', value: 'not_stated' },
      { clause: 'If you use the contact form, the content of your message to us is encrypted in transit.', value: 'not_stated' },
      {
        clause: 'We keep the content of your communications with us, such as your support tickets and survey answers.',
        value: 'not_stated',
      },
      {
        clause: 'Group chats are not end-to-end encrypted, so our systems scan those chats for malware.',
        value: 'yes',
      },
      { clause: 'We collect the content of messages you send and receive.', value: 'yes' },
      // A cell of a table of data categories names a kind of data, not what is done with whose messages.
      {
        clause:
          'Identity and Contact Data; Account Registration Data; Content of your Communications; Survey data; To provide technical support to you and to keep our Services secure.',
        value: 'not_stated',
      },
      { clause: 'Your messages are end-to-end encrypted, so we cannot see or read them.', value: 'no' },
      // A user's duty, a denial of another use, and the service's own calls with you are no reading of your messages.
      {
        clause: 'You are responsible for compliance with all Laws governing the monitoring or recording of conversations as the Host.',
        document: 'terms',
        value: 'not_stated',
      },
      {
        clause: 'Example does not use any of your audio, video, chat or other communications to train artificial intelligence models.',
        value: 'not_stated',
      },
      {
        clause: 'Our communications with you, including phone calls, may be monitored and recorded for quality purposes.',
        value: 'not_stated',
      },
      // The service's own inability, by name, with the verbs joined: a denial of access to the content.
      { clause: 'Example cannot decrypt or otherwise access the content of your messages or calls.', value: 'no' },
      { clause: 'Example does not have the ability to access your messages.', value: 'no' },
      { clause: 'We cannot guarantee that messages sent to other users are delivered.', value: 'not_stated' },
    ],
  },
  {
    id: 'retention',
    read(ctx) {
      // Periods in the privacy policy, and the deletion timelines some terms give; not the EEA-only variants.
      const timed = [...ctx.find(RETENTION, PRIVACY), ...ctx.find(/\bdelet\w*\b[^.]{0,80}\b(?:within|up to|no more than)\b/i, TERMS)]
        // (… nor records kept only for requests under European law: "correspondence relating to data subject requests under GDPR".)
        .filter((l) => scopeOf(l.clause) !== 'EEA users' && !/\bunder (?:the )?(?:EU |UK )?GDPR\b/.test(l.clause.text))
        .filter(
          (l) =>
            durationsIn(l.clause.text).length > 0 &&
            !/\b(?:notice|notify|respond|within \d+ days of (?:your|receiving))/i.test(l.clause.text),
        );
      if (timed.length > 0) {
        const periods = timed.flatMap((l) =>
          durationsIn(l.clause.text).map((d) => ({
            what: l.clause.text
              .slice(Math.max(0, d.index - 60), d.index)
              .replace(/^\S*\s/, '')
              .trim(),
            days: d.days,
          })),
        );
        return ctx.answer('fixed_periods', timed, { periods: periods.slice(0, 8) });
      }
      // The general rule before a region's own ("Additional information if you live in the EEA, …").
      const needed = ctx
        .find([RETENTION, AS_LONG_AS], PRIVACY)
        .concat(ctx.find([/\b(?:maintain|hold)\w*\b/i, AS_LONG_AS], PRIVACY))
        .sort((a, b) => Number(scopeOf(a.clause) === 'EEA users') - Number(scopeOf(b.clause) === 'EEA users'));
      return needed.length > 0 ? ctx.answer('as_long_as_needed', needed) : NOT_STATED;
    },
    examples: [
      // No period, but a need that bounds it, however put.
      { clause: 'We store account data while we have a legitimate need for it.', value: 'as_long_as_needed' },
      { clause: 'Your profile data is stored until we delete it or you ask us to.', value: 'as_long_as_needed' },
      { clause: 'We keep chat logs only long enough to show them to you.', value: 'as_long_as_needed' },
      { clause: 'We store what you upload as necessary for running the features you use.', value: 'not_stated' },
      // An age is no period ("persons less than 13 years of age").
      {
        clause: 'If we learn that personal information of persons less than 13 years of age has been collected, we will delete it.',
        value: 'not_stated',
      },
      { clause: 'We retain server logs for 18 months and then delete them.', value: 'fixed_periods', fields: { periods: [{ days: 540 }] } },
      { clause: 'We keep your information for as long as necessary to provide the service.', value: 'as_long_as_needed' },
      {
        // Periods set only for one region's users, under a one-line title of their own, and records of requests under the GDPR.
        clause:
          'We keep your information only so long as we need it to provide the service. We retain correspondence relating to data subject requests under GDPR for two years.\n\nAdditional information if you live in the EEA, Switzerland and the UK\n\nWe generally keep log data for a period of 25 months.',
        value: 'as_long_as_needed',
      },
    ],
  },
  {
    id: 'account_deletion',
    read(ctx) {
      // Not the service deleting, nor someone else, nor a way to clear cookies ("… by deleting the application or your account").
      // (… nor cancelling a paid plan: "You may cancel your paid account whenever you like on your account page" ends the payments,
      // not the account.)
      const found = yoursToDo(serviceOnly(ctx.find(DELETE_ACCOUNT))).filter(
        (l) =>
          !/\b(?:we|us) (?:may|can|will)\b[^.]{0,20}\bdelet/i.test(l.clause.text) &&
          !/\bcookies?\b/i.test(l.clause.text) &&
          // (… nor removing your data from what a product shows others: "remove your information from the model's output".)
          !/\b(?:remove|delete|erase)\w*\b[^.]{0,60}\bfrom (?:the |our )?(?:[\w’']+ )?(?:outputs?|results|search results|responses|answers)\b/i.test(
            l.clause.text,
          ) &&
          !/\bcancel\w*\b[^.;]{0,20}\b(?:paid|premium|pro|plus|trial|subscription)\b[^.;]{0,12}\b(?:account|plan|membership|subscription)\b/i.test(
            l.clause.text,
          ),
      );
      // Self-service means the account goes: removing saved items or some data yourself is not deleting it. And you do it:
      // "You can delete your account … by submitting a request to 'delete your data' at …", or by a link to a contact
      // page ("You can close your account by clicking [here](…/support/contact/account_closure)"), is a request.
      // ("… may request that we delete your Account", "close your account … by letting us know" are requests too.)
      const byAsking = (l: Located) =>
        /\bby (?:submitting|sending|making|filing|filling (?:out|in)) (?:a |an |the |this |our )?(?:\w+ )?(?:request|form|e-?mail)|\bby (?:contacting|e-?mailing|writing to|calling|letting us know|telling us|notifying us|informing us)\b|\b(?:request|ask) (?:that )?(?:we|us)\b[^.;]{0,20}\b(?:delete|close|remove|erase)\b/i.test(
          l.clause.text,
        ) ||
        (/\bby clicking\b|\bclick here\b/i.test(l.clause.text) &&
          (l.clause.links ?? []).some((k) => /\/contact\b|\/support\/contact|\brequest/i.test(k.href)));
      // (A setting offered beside a request is still yours to use: "… in your profile settings or by writing to
      // us".)
      const self = found.filter(
        (l) =>
          (!byAsking(l) || /\bsettings?\b|\b(?:through|via|from|in) the app\b[^.]{0,20}\bor\b/i.test(l.clause.text)) &&
          // (… or your account's own page: "visit example.com/account and follow the steps to delete your account".)
          (SELF_SERVICE.test(l.clause.text) || /\b(?:visit|go to) \S*\/account\b/i.test(l.clause.text)) &&
          // (… and the account goes: a closing that only hides you, "your profile will no longer be visible", deletes nothing.)
          (!/\bno longer (?:be )?(?:visible|see|shown)\b|\b(?:hides?|hidden)\b|\binvisible\b/i.test(l.clause.text) ||
            /\bdelet|\beras/i.test(l.clause.text)) &&
          /\b(?:delet|clos|cancel|deactivat|terminat)\w*\b[^.;:]{0,20}\b(?:your |the |my )?(?:\w+ )?account\b|\baccount deletion\b/i.test(
            l.clause.text,
          ),
      );
      if (self.length > 0) return ctx.answer('self_service', self, howOf(self));
      // (The account's own way first: the request it says closes the account, then a right to ask for deletion.)
      const request = [...found.filter(byAsking), ...found.filter((l) => !byAsking(l) && BY_REQUEST.test(l.clause.text))];
      return request.length > 0 ? ctx.answer('by_request', request, howOf(request)) : NOT_STATED;
    },
    examples: [
      // A closing that only hides your profile deletes nothing.
      {
        clause: 'If you want to leave, you can close your account in the app, and other members will no longer see your profile.',
        document: 'privacy',
        value: 'not_stated',
      },
      {
        clause: 'Leaving is easy: you can close your account in the app, after which your profile is no longer shown to anyone.',
        document: 'privacy',
        value: 'not_stated',
      },
      // Removing your data from what a product shows is no deletion of your account or data.
      {
        clause:
          'If an answer of our assistant names you wrongly, you may ask us to remove your details from its answers through this form.',
        value: 'not_stated',
      },
      // Cancelling a paid plan is no deletion of the account.
      { clause: 'You can cancel your premium account whenever you like on the billing page.', value: 'not_stated' },
      {
        clause: 'At any time you may ask that we delete your account, following the steps our privacy notice gives.',
        value: 'by_request',
      },
      {
        clause: 'You may close your account whenever you like by letting us know in the app.',
        document: 'terms',
        value: 'by_request',
      },
      // Your data as the object of the verb, or the right named, with a way to ask.
      {
        clause: 'You can ask us to remove the personal information we hold about you by e-mailing privacy@example.com.',
        value: 'by_request',
      },
      { clause: 'You may request erasure of data we hold about you by contacting us.', value: 'by_request' },
      { clause: 'You may terminate your account whenever you like from your account settings.', value: 'self_service' },
      {
        clause: 'You can clear these cookies in your browser settings or by deleting the app or your account.',
        value: 'not_stated',
      },
      { clause: 'You can delete your account at any time in Settings > Account.', value: 'self_service' },
      // A setting offered beside a request is yours to use; so is your account's own page.
      {
        clause: 'Whenever you wish, you may close your account on the settings page of your profile or by contacting our support team.',
        document: 'terms',
        value: 'self_service',
      },
      { clause: 'You can always delete your account from the app or by writing to us.', document: 'terms', value: 'self_service' },
      { clause: 'To delete your account, visit quill.example/account and follow the steps shown there.', value: 'self_service' },
      { clause: 'You may delete your account by visiting our Account deletion page and confirming your choice.', value: 'self_service' },
      { clause: 'To delete your account, contact us at privacy@example.com.', value: 'by_request', fields: { how: 'privacy@example.com' } },
      {
        clause: 'If you would like to delete your account, please visit [here](https://example.com/privacy/data).',
        value: 'by_request',
        fields: { how: 'https://example.com/privacy/data' },
      },
      { clause: 'You can delete personal data such as saved songs yourself: select them and choose Remove.', value: 'not_stated' },
      // You can, by asking: a request, or a link to a contact page.
      {
        clause:
          'You can delete your account and all your account data by submitting a request to “delete your data” at https://privacy.example.com/.',
        value: 'by_request',
      },
      {
        clause: 'You can close your account by clicking [here](https://www.example.com/support/contact/account_closure).',
        value: 'by_request',
      },
    ],
  },
  {
    id: 'data_export',
    read(ctx) {
      const found = yoursToDo(serviceOnly(ctx.find(EXPORT, PRIVACY)));
      const self = found.filter((l) => SELF_SERVICE.test(l.clause.text) || /\bdownload\b/i.test(l.clause.text));
      if (self.length > 0) return ctx.answer('self_service', self, howOf(self));
      const asked = found.length > 0 ? found : yoursToDo(serviceOnly(ctx.find(ACCESS_RIGHT, PRIVACY)));
      return asked.length > 0 ? ctx.answer('by_request', asked, howOf(asked)) : NOT_STATED;
    },
    examples: [
      { clause: 'Ask our help desk and we will send you an archive of the data we collect about you.', value: 'by_request' },
      {
        clause: 'If you ask, we will give your personal data to you, or transmit it to another controller you name.',
        value: 'by_request',
      },
      { clause: 'In your settings you can choose whether other members can download your photos.', value: 'not_stated' },
      {
        clause: 'Some countries (currently only Brazil) require that you can download a copy of your chat history.',
        value: 'not_stated',
      },
      { clause: 'You can download a copy of your data with the Download Your Information tool.', value: 'self_service' },
      { clause: 'You have the right to data portability; contact us to exercise it.', value: 'by_request' },
      { clause: 'If you would like to access your personal information, please visit this link.', value: 'by_request' },
      { clause: 'You can access your information in the Your Account section of the website.', value: 'not_stated' },
    ],
  },
  {
    id: 'privacy_contact',
    read(ctx) {
      // Every address and contact form the policy offers, each read with the words that offer it: for whom (one
      // region's users, or only those in a situation: "If you no longer have access to your account, email …") and for
      // what (questions about the policy or your privacy, rights requests, anything else).
      const candidates: ContactCandidate[] = [];
      for (const l of ctx.find(ANY_EMAIL, PRIVACY)) {
        for (const m of l.clause.text.matchAll(new RegExp(ANY_EMAIL.source, 'gi'))) {
          const offer = offerOf(l, m.index);
          // An address of any name where it is offered for privacy questions; a privacy-named one wherever it stands.
          if (PRIVACY_EMAIL.test(m[0]) || GENERAL_PURPOSE.test(offer) || RIGHTS_PURPOSE.test(offer))
            candidates.push(candidateOf(m[0], 'email', l, offer));
        }
      }
      const hidden = ctx.find(OBFUSCATED_EMAIL, PRIVACY)[0];
      const parts = hidden && OBFUSCATED_EMAIL.exec(hidden.clause.text);
      if (parts) candidates.push(candidateOf(`${parts[1]}@${parts[2]}.${parts[3]}`.toLowerCase(), 'email', hidden, hidden.clause.text));
      // The web form a contact clause links to ("contact us online", "through our webform").
      // (A table row of data categories with links offers no contact.)
      for (const l of ctx.find(CONTACT_ROUTE, PRIVACY).filter((l) => !NOT_A_ROUTE.test(l.clause.text) && !isCategoryRow(l.clause.text))) {
        const form = contactForm(l.clause.links ?? [], l.document.url);
        if (form)
          candidates.push(
            candidateOf(form, 'form', l, `${offerOf(l, l.clause.text.length)} ${l.clause.links?.map((k) => k.text).join(' ')}`),
          );
      }
      if (candidates.length === 0) return NOT_STATED;
      // For users in general first, an e-mail address before a form, then by purpose; a DPO's last among equals.
      const best = [...candidates].sort((a, b) => a.audience - b.audience || a.rank - b.rank)[0]!;
      // Only one region's or situation's contacts, and not one address: which is "the" contact is a guess, so none is given.
      if (best.audience > 0 && new Set(candidates.map((c) => c.value.toLowerCase())).size > 1) return NOT_STATED;
      return ctx.answer(best.value, [best.l]);
    },
    examples: [
      {
        clause: 'To exercise your rights, please [submit a request](https://example.com/help/#dataRequest).',
        value: 'https://example.com/help/#dataRequest',
      },
      { clause: 'Questions about this policy? Write to privacy@example.com.', value: 'privacy@example.com' },
      { clause: 'If you would like to exercise your rights, please contact support@example.com.', value: 'support@example.com' },
      { clause: 'To exercise these rights, send an email to privacy[at]example[dot]com.', value: 'privacy@example.com' },
      {
        clause: 'The controller is Example Ltd, which you can [contact online](https://help.example.com/privacy/?entry_point=footer#form).',
        value: 'https://help.example.com/privacy/',
      },
      { clause: 'Learn more about [contact upload](https://help.example.com/contact-upload).', value: 'not_stated' },
      {
        clause:
          'If you have lost access to your account, email recovery-privacy@example.com. Any other question about how we handle your personal data? Write to us:\n\n- hello@example.com',
        value: 'hello@example.com',
      },
      {
        clause:
          'If you live in Brazil, you can reach our data protection officer at dpo-br@example.com. To exercise your rights, [use our request form](https://example.com/privacy/requests).',
        value: 'https://example.com/privacy/requests',
      },
      {
        clause:
          'If you are a resident of Korea, write to privacy-kr@example.com. If you are a resident of Japan, write to privacy-jp@example.com.',
        value: 'not_stated',
      },
      { clause: 'You may lodge a complaint with your [supervisory authority](https://edpb.example/contact).', value: 'not_stated' },
      // A link into a section of the policy itself is no form.
      {
        clause: 'You can read more about [location information](https://policies.example.com/privacy#infocollect) in this policy.',
        value: 'not_stated',
      },
      // Questions about one aspect (security) are no general purpose: the rights address is the contact.
      {
        clause:
          'If you have any questions about the security of your personal information, contact security-questions@example.com. You may email us at rights@example.com with any Rights Request.',
        value: 'rights@example.com',
      },
    ],
  },
  {
    id: 'law_enforcement_notice',
    read(ctx) {
      const requests = ctx.find(LAW_REQUEST, PRIVACY);
      const silent = requests.filter((l) => /\bwithout (?:notice|notifying|telling|informing) (?:to )?you\b/i.test(l.clause.text));
      if (silent.length > 0) return ctx.answer('no', silent);
      // The promise may come in the next sentence ("…we will attempt to provide you with prior notice before disclosing").
      const next = ctx.following(requests, NOTIFY_USER, 2).filter((l) => /\bdisclos\w*|\brequests?\b/i.test(l.clause.text));
      const told = [...requests, ...next].filter((l) => NOTIFY_USER.test(l.clause.text) && !isDeniedBefore(l.clause.text, NOTIFY_USER, 20));
      return told.length > 0 ? ctx.answer('yes', told) : NOT_STATED;
    },
    examples: [
      // Other users told of something else are not you told of a demand for your data.
      {
        clause: 'We comply with legal duties, such as removing unlawful posts or notifying users who chatted with a banned member.',
        value: 'not_stated',
      },
      {
        clause: 'We will notify you of law enforcement requests for your data unless we are legally prohibited from doing so.',
        value: 'yes',
      },
      { clause: 'We may disclose your data in response to legal process without notice to you.', value: 'no' },
      {
        clause:
          'We may share information in response to a subpoena or other legal process. Where the law allows, we will try to give you prior notice before disclosing your information.',
        value: 'yes',
      },
    ],
  },
  {
    id: 'breach_notice',
    read(ctx) {
      // (What the service only may do is no promise: "we may attempt to notify you".)
      const told = ctx
        .find([BREACH, NOTIFY_USER], PRIVACY)
        .filter(
          (l) =>
            !isDeniedBefore(l.clause.text, NOTIFY_USER, 20) && !/\bmay (?:(?:attempt|try|choose|elect) to )?notify\b/i.test(l.clause.text),
        );
      if (told.length === 0) return NOT_STATED;
      const hours = told.map((l) => /\b(\d{1,3})\s*hours\b/i.exec(l.clause.text)?.[1]).find(Boolean);
      return ctx.answer('yes', told, hours ? { hours: Number(hours) } : {});
    },
    examples: [
      { clause: 'If a data breach affects you, we will notify you within 72 hours.', value: 'yes', fields: { hours: 72 } },
      { clause: 'After a security system breach, we will try to give notice to you.', value: 'yes' },
      { clause: 'If we learn of a security incident, we may attempt to notify you by e-mail.', value: 'not_stated' },
    ],
  },
  {
    id: 'international_transfer',
    read(ctx) {
      // In either document (the terms may ask consent to the transfer), as the service's own act, not a user's export duty.
      // (A title such as "Participation in the Data Privacy Framework" states nothing.)
      // What goes abroad is data ("some transactions might … be processed in another country" moves none; nor does "the
      // process set out in the US Digital Millennium Copyright Act").
      const found = serviceOnly([...ctx.find(TRANSFER), ...ctx.find(TRANSFER_US), ...ctx.find(TRANSFER_OUT_OF)]).filter(
        (l, i, all) =>
          isStatement(l.clause.text) &&
          /\b(?:data|information|content|details)\b/i.test(l.clause.text) &&
          all.findIndex((other) => other.clause === l.clause) === i,
      );
      if (found.length === 0) return NOT_STATED;
      // Destinations only: a place named after "to" or "in" (servers in, transferred to), not where data comes from.
      const text = found.map((l) => l.clause.text).join(' ');
      const where = destinationsIn(text);
      // The safeguards relied on, where a sentence of their own names them ("… we rely on standard contractual clauses").
      const safeguard = found.some((l) => SAFEGUARDS.test(l.clause.text)) ? undefined : ctx.find(SAFEGUARDS, PRIVACY)[0];
      return ctx.answer('yes', safeguard ? [...found.slice(0, 2), safeguard] : found, where.length > 0 ? { where } : {});
    },
    examples: [
      { clause: 'We may need to transfer your personal data out of Norway to serve you.', value: 'yes' },
      { clause: 'Requests for your data may be processed out of order when our systems are busy.', value: 'not_stated' },
      {
        clause: 'A purchase in a foreign currency may be settled and processed in another country.',
        document: 'terms',
        value: 'not_stated',
      },
      {
        clause: 'Accounts of repeat infringers are closed under the process set out in the US copyright statute.',
        document: 'terms',
        value: 'not_stated',
      },
      // Anywhere else, however put.
      { clause: 'Information you provide may be transferred to or accessed by entities around the world.', value: 'yes' },
      {
        clause: 'Details about you can be kept and processed in any other country where a vendor of ours runs servers.',
        value: 'yes',
      },
      { clause: 'Our servers are in several places, so your information might end up on a computer in another country.', value: 'yes' },
      {
        clause: 'We transfer your information to the United States and other countries.',
        value: 'yes',
        fields: { where: ['United States'] },
      },
      {
        clause: 'Your personal information will be sent to and used in the US and UK, no matter what country you live in.',
        value: 'yes',
      },
      { clause: 'Example, Inc. participates in the EU-US Data Privacy Framework.', value: 'yes' },
      {
        clause: 'You may not export or transfer the software outside the United States.',
        document: 'terms',
        value: 'not_stated',
      },
      // A place data comes from is no destination.
      {
        clause:
          'For example, the personal information of customers located in Canada will be transferred outside of Canada, including to the United States.',
        value: 'yes',
        fields: { where: ['United States'] },
      },
      {
        clause:
          'We rely on standard contractual clauses recognized in Switzerland for personal data transferred from the EEA, UK, and Switzerland to the United States.',
        value: 'yes',
        fields: { where: ['United States'] },
      },
      {
        clause: 'We store your information on servers in the United States, Malaysia and Singapore.',
        value: 'yes',
        fields: { where: ['United States', 'Malaysia', 'Singapore'] },
      },
      {
        clause:
          'We transfer your information to the United States. Where we do, we rely on standard contractual clauses approved by the European Commission.',
        value: 'yes',
        fields: { where: ['United States'] },
      },
    ],
  },
  {
    id: 'min_age',
    read(ctx) {
      for (const documents of [TERMS, PRIVACY]) {
        const found = serviceOnlyAges(ctx.find(AGE_RULE, documents));
        // The rule for users in general before one region's ("If you are located within the European Union, you must be at
        // least 16 …"), which is its variant.
        const first = found.find((l) => !regionOf(l.clause.text)) ?? found[0];
        const age = first && lowestAge(first.clause.text);
        // The next sentence may add who needs a parent's permission ("If you are under 18, you must have your parent's permission").
        if (!age) continue;
        // … or lets minors in on conditions ("Notwithstanding the foregoing, minors who are 13-17 years old … may become Users
        // under the following conditions:").
        const parental = ctx
          .following(
            [first],
            /\bunder (?:the age of )?1[4-9]\b[^.]{0,160}\b(?:parent|guardian)|\bminors?\b[^.]{0,160}\bmay (?:become|use|utili[sz]e|access|create|register)\b/i,
            2,
          )
          .filter((l) => l !== first);
        // Another age for one region's users, in its own clause or in the rule's ("13 years old under most United States
        // law, or 16 years old under European Union law").
        const regional = found
          .filter((l) => l !== first && regionOf(l.clause.text))
          .flatMap((l) => {
            const other = lowestAge(l.clause.text);
            const region = regionOf(l.clause.text)!;
            const scope = region === 'EEA users' ? `users in ${europeanRegionsIn(l.clause.text) ?? 'the EEA'}` : region;
            return other && other !== age ? [{ l, variant: { scope, value: other } }] : [];
          });
        const underLaw = UNDER_EU_LAW.exec(first.clause.text);
        const variants = [
          ...regional.map((r) => r.variant),
          ...(underLaw && Number(underLaw[1]) !== age ? [{ scope: 'users in the European Union', value: Number(underLaw[1]) }] : []),
        ].slice(0, 1);
        return ctx.answer(
          age,
          [first, ...parental.slice(0, 1), ...regional.slice(0, 1).map((r) => r.l)],
          variants.length ? { variants } : {},
        );
      }
      return NOT_STATED;
    },
    examples: [
      // Younger users let in by a parent's approval are the exception: the rule's age is the minimum.
      {
        clause:
          'To use the app you must be 18 years or older (or, if you are younger than 16 years old, use it only with a parent’s approval).',
        document: 'terms',
        value: 18,
      },
      // A higher age for a few named countries is a variant for all of them.
      {
        clause: 'You must be 13 or older to use the app.\n\nIf you live in Spain, Italy, or the Netherlands, you must be 16 or older.',
        document: 'terms',
        value: 13,
        fields: { variants: [{ scope: 'users in Spain, Italy, or the Netherlands', value: 16 }] },
      },
      // The age of people your posts show is not yours; "N years of age, or the age of majority where you live" is the rule.
      {
        clause:
          'Uploads may never carry images of persons under the age of 18. Users of the app must be 18 years of age, or of age in their own country.',
        document: 'terms',
        value: 18,
        quote: 'Users of the app must be 18 years of age, or of age in their own country.',
      },
      { clause: 'To sign up you must be 16, or the age of majority in your state if that is higher.', document: 'terms', value: 16 },
      // The age of people you give information about is not the age to use the service.
      { clause: 'You may not provide personal information about children under the age of 18.', document: 'terms', value: 'not_stated' },
      {
        clause: 'We do not allow members under 16 years of age to use the dating services provided by our group.',
        document: 'terms',
        value: 'not_stated',
      },
      {
        clause: 'Wine and beer orders are only delivered to customers who are at least 21 years old, the legal drinking age.',
        document: 'terms',
        value: 'not_stated',
      },
      { clause: 'You must be at least 13 years old to use the Service.', document: 'terms', value: 13 },
      // The rule for users in general, with one region's own age as its variant.
      {
        clause:
          'If you are located within the European Union, you must be at least 16 years old to use the Services. You must be at least 13 years old to access or use the Services.',
        document: 'terms',
        value: 13,
        fields: { variants: [{ scope: 'users in the European Union', value: 16 }] },
      },
      {
        clause: 'You must be at least 13 years old under most United States law, or 16 years old under European Union law.',
        document: 'terms',
        value: 13,
        fields: { variants: [{ scope: 'users in the European Union', value: 16 }] },
      },
      { clause: 'Cancel at least 14 days before the end of the period to avoid charges.', document: 'terms', value: 'not_stated' },
      { clause: 'You must be at least 18 years old to view mature content on the Services.', document: 'terms', value: 'not_stated' },
      // The rule with its local exception, not one feature's age.
      {
        clause:
          'To use our service, you must be at least 18 years old or the age of majority under the laws of your home country if that is greater. Pitcher is a content creation tool that allows individuals who are over the age of 21 to create content.',
        document: 'terms',
        value: 18,
      },
    ],
  },
  {
    id: 'governing_law',
    read(ctx) {
      // The law of the terms before the law of their arbitration agreement ("This arbitration agreement is governed by the FAA …").
      // … and the law of the whole agreement before the law of one of its parts ("The … validity of this paragraph shall be
      // governed by the laws of the State of Delaware").
      const partial = (l: Located) => Number(ARBITRATION_LAW.test(l.clause.text) || PART_LAW.test(l.clause.text));
      const found = ctx.find(LAW, TERMS).sort((a, b) => partial(a) - partial(b));
      const local = found.find((l) => LOCAL_LAW.test(l.clause.text));
      if (local && !hasUsDisputeRules(ctx))
        return ctx.answer(localPlace(LOCAL_LAW.exec(local.clause.text)![1]!, 'laws'), [local], scopeField(local));
      // For whom a law is: its own words, or the sentence before it that opens the rule for some users ("To the extent you
      // are located in the European Union, an EFTA country or the United Kingdom, the Services are managed by Coursera
      // Europe B.V. You agree that these Terms will be governed by the laws of the Netherlands").
      const leadOf = (l: Located) => {
        const before = l.document.clauses[l.index - 1];
        return before && before.heading === l.clause.heading && REGIONAL_AUDIENCE.test(before.text) && !lawPlace(before.text)
          ? { clause: before, document: l.document, index: l.index - 1 }
          : undefined;
      };
      const audienceOf = (l: Located) =>
        REGIONAL_AUDIENCE.test(l.clause.text) ? l.clause.text : leadOf(l) ? `${leadOf(l)!.clause.text} ${l.clause.text}` : undefined;
      // One region's law is no general answer while another law is stated.
      const general = found.filter((l) => !audienceOf(l));
      for (const l of general.some((g) => lawPlace(g.clause.text)) ? general : found) {
        const place = lawPlace(l.clause.text);
        if (!place) continue;
        // A general law that a US schedule replaces ("These Terms and any Dispute will be governed by Delaware law"): the US
        // rule is the answer, as for the courts, and the general one its variant for everyone else.
        // (… or one for everyone but the US users the other is for: "Unless you are located in the United States, …".)
        const elsewhere = scopeOf(l.clause);
        const usLaw =
          (!elsewhere || elsewhere.startsWith('users outside')) &&
          found.find(
            (other) => scopeOf(other.clause) === 'US users' && lawPlace(other.clause.text) && lawPlace(other.clause.text) !== place,
          );
        if (usLaw)
          return ctx.answer(lawPlace(usLaw.clause.text)!, [usLaw, l], {
            scope: 'US users',
            variants: [{ scope: elsewhere ?? 'users outside the US', value: place }],
          });
        // A law one region's users get instead ("If you are a resident of a country located in the EEA or Switzerland, Irish
        // law will govern these Terms") is the general answer's variant, with its clause quoted.
        const regional = found.find(
          (other) => other !== l && audienceOf(other) && lawPlace(other.clause.text) && lawPlace(other.clause.text) !== place,
        );
        const audience = regional && audienceOf(regional)!;
        const regions = audience && (europeanRegionsIn(audience) ?? REGION_NAMED.exec(audience)?.[0]);
        // (The country its opening names before any other the clause mentions: "If you live in the Republic of Korea, (i) this
        // Agreement is between you and EA Swiss Sàrl, … Geneva, Switzerland" is for Korea.)
        const named = regional && scopeOf(regional.clause);
        const variantScope = named?.startsWith('users in ') ? named : `residents of ${regions}`;
        if (regional && regions && (!scopeField(l).scope || scopeField(l).scope !== scopeOf(regional.clause)))
          return ctx.answer(place, [l, ...(leadOf(regional) ? [leadOf(regional)!] : []), regional], {
            ...scopeField(l),
            variants: [{ scope: variantScope, value: lawPlace(regional.clause.text)! }],
          });
        return ctx.answer(place, [l], scopeField(l));
      }
      return NOT_STATED;
    },
    examples: [
      // A part for business customers states no rule for a person using the service.
      {
        clause:
          '## General\n\nThese Terms are governed by the laws of the jurisdiction in which you are a resident.\n\n## Business use addendum\n\nIf you use the app for your company, these terms apply too. The laws of Ontario govern these Terms.',
        document: 'terms',
        value: 'jurisdiction in which you are a resident',
      },
      // A law for everyone but US users, and the US users' own in the next paragraph: the US rule is the answer.
      {
        clause:
          '(a) Unless you reside in the United States, the laws of Ireland govern these Terms.\n\n(b) If you reside in the United States, Texas law governs these Terms.',
        document: 'terms',
        value: 'Texas',
        fields: { scope: 'US users', variants: [{ scope: 'users outside the United States', value: 'Ireland' }] },
      },
      // The country a regional rule opens with, not another its sentence mentions (a company's address).
      {
        clause:
          'The laws of the State of California govern these Terms.\n\nIf you live in the Republic of Korea, your contract is with Example Sàrl (Geneva, Switzerland) and the laws of Korea govern it.',
        document: 'terms',
        value: 'California',
        fields: { variants: [{ scope: 'users in the Republic of Korea', value: 'Korea' }] },
      },
      // However the verb is put.
      { clause: 'This agreement is subject to Romanian law.', document: 'terms', value: 'Romania' },
      {
        clause: 'This agreement shall be construed, interpreted and governed in accordance with the laws of Manitoba.',
        document: 'terms',
        value: 'Manitoba',
      },
      {
        clause: 'These Terms will be governed by Ontario Law, without regard to conflict of laws principles.',
        document: 'terms',
        value: 'Ontario',
      },
      {
        // A rule in the sub-items of "If you are a resident of …:" is for those residents; another region's law is its variant.
        clause:
          '1. If you are a resident of the United States or Canada:\n    1. California law will govern these Terms.\n2. If you are a resident of a country located in the EEA or Switzerland, Irish law will govern these Terms.',
        document: 'terms',
        value: 'California',
        fields: {
          scope: 'users in the United States or Canada',
          variants: [{ scope: 'residents of the EEA and Switzerland', value: 'Ireland' }],
        },
      },
      // A line that opens the rules for some users ("For All Subscribers Outside the European Union and United Kingdom:") scopes
      // the paragraphs after it, and is quoted as the scope's proof.
      {
        clause:
          '10\\. APPLICABLE LAW\n\nFor All Subscribers Outside the European Union and United Kingdom:\n\nYou and Example agree that Washington law governs all disputes arising out of this Agreement.\n\nFor EU and UK Subscribers:\n\nThis Agreement is governed by the law of the country where you have your habitual residence.',
        document: 'terms',
        value: 'Washington',
        fields: { scope: 'users outside the European Union and United Kingdom' },
      },
      // One region's rule opened by "To the extent you are located in …" is the general law's variant.
      {
        clause:
          'You agree that these Terms will be governed by the laws of the State of California. To the extent you are located in the European Union, an EFTA country or the United Kingdom, the Services are managed by Example Europe B.V. You agree that these Terms will be governed by the laws of the Netherlands.',
        document: 'terms',
        value: 'California',
        fields: { variants: [{ scope: 'residents of the European Union, an EFTA country and the United Kingdom', value: 'Netherlands' }] },
      },
      {
        clause:
          'These Terms are governed by the laws of the State of Washington. If you live in the UK, Scottish law will govern these Terms instead.',
        document: 'terms',
        value: 'Washington',
        fields: { variants: [{ scope: 'residents of the UK', value: 'Scotland' }] },
      },
      {
        clause:
          'The validity of this paragraph shall be governed by the laws of the State of Nevada. Except as set out above, this Agreement is governed by the laws of the State of Oregon.',
        document: 'terms',
        value: 'Oregon',
      },
      { clause: 'These Terms are governed by the laws of the State of California.', document: 'terms', value: 'California' },
      { clause: 'These Terms will be governed exclusively by California law.', document: 'terms', value: 'California' },
      // The place's law as the subject that governs, with an aside between commas.
      {
        clause: 'Washington law, excluding conflict of laws principles, governs all disputes arising out of this Agreement.',
        document: 'terms',
        value: 'Washington',
      },
      {
        clause: 'These Terms are governed and interpreted by the laws of the State of Texas.',
        document: 'terms',
        value: 'Texas',
      },
      {
        clause:
          'The laws of the State of California, U.S.A., regardless of conflict of laws principles, govern all matters arising out of this Agreement.',
        document: 'terms',
        value: 'California',
      },
      {
        clause: 'These Terms and all matters regarding their interpretation are governed by the Law of the State of New York.',
        document: 'terms',
        value: 'New York',
      },
      {
        clause:
          'These Terms are governed by the laws of Singapore. If you live in the United States, these Terms are governed by the laws of the State of Delaware.',
        document: 'terms',
        value: 'Delaware',
        fields: { scope: 'US users', variants: [{ scope: 'users outside the US', value: 'Singapore' }] },
      },
      {
        clause:
          'This arbitration agreement is governed by the Federal Arbitration Act and the law of the State of Delaware. By using the Service, you agree that the laws of the State of Oregon will govern these Conditions of Use.',
        document: 'terms',
        value: 'Oregon',
      },
    ],
  },
  {
    id: 'courts',
    read(ctx) {
      // A venue given for one purpose only ("… the courts in San Francisco County, California, to enforce this Section 17(h)")
      // is not the forum of disputes.
      const named = ctx
        .find(COURTS, TERMS)
        .filter((l) => !ONE_PURPOSE_VENUE.test(l.clause.text))
        .flatMap((l) => {
          // ("the exclusive place of jurisdiction … is San Francisco County, California, or the United States District
          // Court for the Northern District of California": the place it names first.)
          // (… or the place that is the forum, as the subject: "Ohio is the sole and exclusive forum for …".)
          const court =
            (/\bplace of jurisdiction\b[^.]{0,160}\bis\s+([A-Z][\w.'-]*(?:,?\s+[A-Z][\w.'-]*){0,4})/.exec(l.clause.text) ??
              /\b([A-Z][\w.'-]*(?:,?\s+[A-Z][\w.'-]*){0,3}) (?:is|shall be) the (?:proper and |sole and )?exclusive (?:forum|venue)\b/.exec(
                l.clause.text,
              ))?.[1]
              // "… California, United States": the country after a US place adds nothing.
              ?.replace(/,\s+United(?:\s+States)?\.?$/, '')
              .replace(/,\s*$/, '') ?? findCourt(l.clause.text);
          return court ? [{ l, court }] : [];
        });
      const local = ctx.find(LOCAL_COURTS, TERMS)[0];
      // (An option, "You may bring a legal action against us: in the courts of the country where you live, or …", "We may bring
      // legal action against you in the courts of …", is no rule of where disputes go where a court is named; it may be an
      // exception to one.)
      const isOption =
        local !== undefined &&
        named.length > 0 &&
        /\b(?:you|we) (?:may|can|could) (?:also )?(?:bring|file|sue|take|start)\b/i.test(`${leadInOf(local)} ${local.clause.text}`);
      const isException = local && scopeOf(local.clause) === 'EEA users' && named.some(({ l }) => scopeOf(l.clause) !== 'EEA users');
      if (local && !isException && !isOption && !hasUsDisputeRules(ctx))
        // (… for whom: "If you are based in Germany, … your local courts".)
        return ctx.answer(localPlace(LOCAL_COURTS.exec(local.clause.text)![1]!, 'courts'), [local], scopeField(local));
      // A court that only compels arbitration or confirms its award is not the forum of disputes, unless it is the only one.
      const forums = named.filter(({ l }) => !ARBITRATION_SUPPORT.test(l.clause.text));
      // The general venue before the one for a claim severed from arbitration after a ruling ("If a decision is issued …,
      // then the claim must be severed from the arbitration and brought into the courts of …"), an exception's path.
      const severed = (l: Located) =>
        Number(
          /\bsever\w*\b[^.]{0,80}\bfrom (?:the )?arbitration\b|\bfound (?:to be )?unenforceable\b|\bprecludes enforcement\b|\b(?:administrators?|providers?|forums?) (?:all )?declines?\b/i.test(
            l.clause.text,
          ),
        );
      const candidates = (forums.length ? forums : named).sort((a, b) => severed(a.l) - severed(b.l));
      const general = candidates.find(({ l }) => scopeOf(l.clause) !== 'EEA users') ?? candidates[0];
      // Small claims are often kept out of the forum ("… qualifies for small claims court … you or we may sue there instead").
      const smallClaims = ctx.find(SMALL_CLAIMS, TERMS).slice(0, 1);
      if (!general) return NOT_STATED;
      // Where the general court is for everyone but US users, whose own court another clause names, the US rule is the answer.
      const elsewhere = scopeOf(general.l.clause);
      const us = elsewhere?.startsWith('users outside') ? candidates.find(({ l }) => scopeOf(l.clause) === 'US users') : undefined;
      if (us)
        return ctx.answer(us.court, [us.l, general.l], { scope: 'US users', variants: [{ scope: elsewhere!, value: general.court }] });
      // The EEA consumers' home courts are an exception: the general court is for everyone else, with the exception quoted.
      const scope =
        scopeField(general.l).scope ??
        (isException && local ? `users outside ${europeanRegionsIn(local.clause.text) ?? 'the EEA'}` : undefined);
      return ctx.answer(general.court, [general.l, ...smallClaims, ...(isException && local ? [local] : [])], scope ? { scope } : {});
    },
    examples: [
      // The place that is the forum, named as the subject.
      {
        clause: 'You agree that Vermont is the proper and exclusive forum for any court proceedings between us.',
        document: 'terms',
        value: 'Vermont',
      },
      // The service's own injunction suits and the questions left to a court beside arbitration have a venue of their own.
      {
        clause:
          'You submit to the jurisdiction of the courts of Denver, Colorado for any actions in which we seek an injunction to protect our marks. All other disputes must be brought exclusively in the courts of Boulder, Colorado.',
        document: 'terms',
        value: 'Boulder, Colorado',
      },
      // A court named only for appeals and the enforcement of an award is no forum of disputes.
      {
        clause:
          'To enforce an arbitral award, the courts of Dublin, Ireland have exclusive jurisdiction. All other disputes are brought exclusively in the courts of Cork, Ireland.',
        document: 'terms',
        value: 'Cork, Ireland',
      },
      // A paragraph opened for some users ("If you reside in the United States, …") is theirs to its end; the court of
      // everyone else ("Unless you reside in …") is the US answer's variant.
      {
        clause:
          '(a) Unless you reside in the United States, the laws of Ireland govern these Terms. Such disputes are resolved only by the courts of Dublin, Ireland.\n\n(b) If you reside in the United States, Texas law governs these Terms. Such disputes are resolved only by the state or federal courts of Travis County, Texas.',
        document: 'terms',
        value: 'Travis County, Texas',
        fields: { scope: 'US users', variants: [{ scope: 'users outside the United States', value: 'Dublin, Ireland' }] },
      },
      // The general venue is the answer, not the one for claims severed from arbitration.
      {
        clause:
          'If a decision is issued stating that applicable law precludes enforcement of this waiver, then the claim must be severed from the arbitration and brought into the courts located in Travis County, Texas. All claims that are not subject to arbitration shall be brought exclusively in the state or federal courts located in Dallas County, Texas.',
        document: 'terms',
        value: 'Dallas County, Texas',
      },
      // A rule opened for one country's users is theirs, not everyone's.
      {
        clause:
          'If you are based in Germany, this Agreement will be governed by the laws of Germany, and legal proceedings may be brought in your local courts that have jurisdiction according to the statutory rules.',
        document: 'terms',
        value: 'your local courts',
        fields: { scope: 'users in Germany' },
      },
      {
        clause:
          'You agree to submit to the exclusive jurisdiction of the state and federal courts located in Santa Clara County, California.',
        document: 'terms',
        value: 'Santa Clara County, California',
      },
      {
        clause:
          'If you are not a user in the European Economic Area, the United Kingdom, or Switzerland, any litigation must be filed exclusively in the state or federal courts located in Marin County, California.',
        document: 'terms',
        value: 'Marin County, California',
        fields: { scope: 'users outside the European Economic Area, the United Kingdom and Switzerland' },
      },
      {
        clause: 'The parties agree that the courts in Travis County, Texas have jurisdiction to enforce this Section 12(c).',
        document: 'terms',
        value: 'not_stated',
      },
      {
        clause: 'Claims that cannot be arbitrated are heard only by the courts of Lisbon, Portugal, which shall be the exclusive venue.',
        document: 'terms',
        value: 'Lisbon, Portugal',
      },
      {
        clause: 'You irrevocably agree to the sole and exclusive personal jurisdiction of the Courts of the State of New York.',
        document: 'terms',
        value: 'State of New York',
      },
      {
        clause:
          'You and we will submit to the personal jurisdiction of and exclusive venue in the federal and state courts located in and serving Santa Clara County, California.',
        document: 'terms',
        value: 'Santa Clara County, California',
      },
      {
        clause:
          'The exclusive place of jurisdiction for any claim, dispute or controversy arising from or in connection with these Terms or the Service is San Francisco County, California, United States.',
        document: 'terms',
        value: 'San Francisco County, California',
      },
      {
        clause:
          'You agree to submit to the personal jurisdiction of any court in Kent County, Delaware, in order to compel arbitration or to confirm the award. Any other litigation must be filed exclusively in the courts located in Marin County, California.',
        document: 'terms',
        value: 'Marin County, California',
      },
      {
        clause:
          'Any dispute shall be brought exclusively in the courts located in San Mateo County, California. If you live in the EEA, you may bring any claim in your local courts.',
        document: 'terms',
        value: 'San Mateo County, California',
        fields: { scope: 'users outside the EEA' },
      },
    ],
  },
  {
    id: 'arbitration',
    read(ctx) {
      // The clause that sends disputes to arbitration first, before its procedure and carve-outs.
      const isRule = (l: Located) =>
        /\b(?:resolved|determined|decided|settled)\b[^.]{0,80}\barbitration\b|\bagree\b[^.]{0,80}\bbinding\b[^.]{0,40}\barbitration\b/i.test(
          l.clause.text,
        );
      // (… and the rule in its own section before a notice at the top that points to it, "PLEASE NOTE: THESE TERMS INCLUDE
      // DISPUTE RESOLUTION PROVISIONS (SEE SECTION 13) …", unless the notice itself says for whom: "IMPORTANT ARBITRATION
      // NOTICE: IF YOU ARE IN THE UNITED STATES OR CANADA, …".)
      const isNotice = (l: Located) =>
        /^\W*(?:PLEASE (?:NOTE|READ)|IMPORTANT|NOTICE)\b|\(SEE SECTION\b|\bSECTIONS? \d+(?:\.\d+)* (?:INCLUDES|CONTAINS)\b/i.test(
          l.clause.text,
        ) && !scopeOf(l.clause);
      const found = serviceOnly(ctx.find(ARBITRATION, TERMS))
        .filter((l) => !isDeniedBefore(l.clause.text, /\barbitrat/i, 30))
        .sort((a, b) => Number(isRule(b)) - Number(isRule(a)) || Number(isNotice(a)) - Number(isNotice(b)));
      if (found.length === 0) return ctx.answer('none', []);
      // The scope of the rule itself: a schedule's own arbitration for US users does not scope a general one,
      // but where it names another body, the general one is for everyone else.
      const bodyOf = (l: Located) => ARBITRATION_BODY.exec(l.clause.text)?.[0];
      const otherForUs =
        !scopeOf(found[0]!.clause) && bodyOf(found[0]!)
          ? found.find((l) => scopeOf(l.clause) === 'US users' && bodyOf(l) && bodyOf(l) !== bodyOf(found[0]!))
          : undefined;
      // … except European consumers sent to their home courts instead ("if you reside in the European Union and are a
      // 'consumer' …, any dispute … will be referred to and finally resolved by the court of your place of residence").
      const homeCourts = otherForUs ? ctx.find(CONSUMER_HOME_COURTS, TERMS).find((l) => europeanRegionsIn(l.clause.text)) : undefined;
      const scope =
        scopeOf(found[0]!.clause) ??
        (otherForUs
          ? `users outside the US${homeCourts ? `, other than consumers in ${europeanRegionsIn(homeCourts.clause.text)!}` : ''}`
          : undefined);
      // An opt-out of later changes to the arbitration agreement is no opt-out of arbitration.
      const optOut = ctx
        .find(ARBITRATION_OPT_OUT, TERMS)
        // Nor one that opens only inside a mass-arbitration procedure (after a mediation session).
        .filter((l) => {
          // … nor the clauses that carry such an opt-out out (its notice, its deadline: up to six clauses after
          // "Opt-Out of Modifications … you may opt out of the modifications"), nor a pointer to where one is explained.
          const near = l.document.clauses
            .slice(Math.max(0, l.index - 6), l.index + 1)
            .map((c) => c.text)
            .join(' ');
          return (
            !/\b(?:changes?|amendments?|modifications?|revisions?)\b[^.]{0,40}\b(?:to|of)\b|\bretaliat\w*|\bmediation\b|\bmass arbitration\b|\bbatch\b|\bbellwether\b|\bexplain\w*\b[^.]{0,40}\bhow\b/i.test(
              `${l.clause.heading} ${l.clause.text}`,
            ) &&
            !/\bopt[- ]?out of (?:the |any )?(?:changes|amendments|modifications|revisions)\b/i.test(near) &&
            // … nor a denial ("Such written notice does not constitute an opt out of arbitration altogether"), nor an
            // opt-out for one kind of claim only ("opt out of this Arbitration Agreement with respect to Driver Claims").
            !isInNegationScope(l.clause.text, /\bopt[- ]?out\b/i) &&
            !SOME_CLAIMS_OPT_OUT.test(l.clause.text)
          );
        });
      // The rule, and the clause that names who runs the arbitration when it is another one.
      // (It may be a procedure's own sentence: "Arbitration shall: (i) be administered by JAMS …".)
      const body = found.find((l) => RUN_BY_BODY.test(l.clause.text)) ?? serviceOnly(ctx.find(RUN_BY_BODY, TERMS))[0];
      // (… and, where US users have their own, that one, quoted as the proof of the scope.)
      const rule = otherForUs
        ? [found[0]!, otherForUs, ...(homeCourts ? [homeCourts] : [])]
        : body && body !== found[0]
          ? [found[0]!, body]
          : found;
      if (optOut.length === 0) return ctx.answer('mandatory', rule, scope ? { scope } : {});
      // The deadline may close the opt-out's next sentence ("The notice must be sent within thirty (30) days").
      // (A period before the opt-out in its clause is another rule's: "… within 14 days of the arbitrator's ruling. 9.6 Opt-Out. …".)
      const deadlineIn = (text: string) => durationsIn(text.slice(Math.max(0, text.search(/\bopt[- ]?out\b/i)))).find((d) => d.days <= 90);
      const withDeadline = [...optOut, ...ctx.following(optOut, /\bdays?\b/i, 2)].find((l) => deadlineIn(l.clause.text));
      const days = withDeadline && deadlineIn(withDeadline.clause.text)?.days;
      const contact = optOut.map((l) => findEmail(l.clause.text)).find(Boolean);
      // The rule first, then its opt-out: the clause with its address or deadline before the others.
      const byDetail = [...optOut].sort(
        (x, y) =>
          Number(Boolean(findEmail(y.clause.text) || durationsIn(y.clause.text).length)) -
          Number(Boolean(findEmail(x.clause.text) || durationsIn(x.clause.text).length)),
      );
      // The clauses that hold the address and the deadline come right after the rule: only the first three are quoted.
      const withContact = contact ? optOut.find((l) => findEmail(l.clause.text) === contact) : undefined;
      const detailed = [withContact, withDeadline].filter((l): l is Located => l !== undefined);
      return ctx.answer('mandatory_with_opt_out', [...new Set([found[0]!, ...detailed, ...byDetail, ...found.slice(1)])], {
        ...(scope ? { scope } : {}),
        ...(days ? { opt_out_days: days } : {}),
        ...(contact ? { opt_out_contact: contact } : {}),
      });
    },
    examples: [
      // A section some users are exempt from, named within a longer phrase ("the agreement to arbitrate in Section 9").
      {
        clause:
          '## 9. Arbitration\n\nYou and Quill agree to resolve disputes by binding arbitration.\n\n## 10. Other terms\n\nIf you are a user in the European Union, the agreement to arbitrate in Section 9 will not apply to you.',
        document: 'terms',
        value: 'mandatory',
        fields: { scope: 'users outside the European Union' },
      },
      {
        clause: 'Apart from claims for an injunction, you and Quill will settle every dispute in binding JAMS arbitration.',
        document: 'terms',
        value: 'mandatory',
      },
      // The opt-out's own deadline, not a period another rule sets before it in the same run of text.
      {
        clause:
          'Every dispute between us goes to binding arbitration. Either party may ask for a ruling on costs within 14 days of the award. 12.4 Opt-Out. You may opt out of arbitration by writing to optout@example.com. Your notice must reach us within 30 days of signing up.',
        document: 'terms',
        value: 'mandatory_with_opt_out',
        fields: { opt_out_days: 30 },
      },
      // However the settling is qualified: "finally and bindingly settled by arbitration".
      {
        clause:
          'Any dispute arising out of these Terms shall be finally and conclusively settled by arbitration in Osaka under the rules of its chamber.',
        document: 'terms',
        value: 'mandatory',
      },
      // Whom it binds, where a parenthesis widens the place: the US rule is no one else's.
      {
        clause:
          'IF YOU LIVE IN (OR YOUR COMPANY IS BASED IN) THE UNITED STATES, YOU AGREE THAT DISPUTES WITH US ARE SETTLED BY BINDING INDIVIDUAL ARBITRATION.',
        document: 'terms',
        value: 'mandatory',
        fields: { scope: 'US users' },
      },
      // A sentence that says whom its section is for scopes the rules after it.
      {
        clause:
          '## 15. Disputes\n\nIF YOU ARE A U.S. RESIDENT, THE FOLLOWING RULES ON ARBITRATION ALSO BIND YOU:\n\nAny dispute between you and Example is settled by final and binding arbitration.',
        document: 'terms',
        value: 'mandatory',
        fields: { scope: 'US users' },
      },
      // Sections some users are exempt from, by number range ("Sections 12.1-12.8 do not apply to you"): the parts headed
      // "**12.1. …**" are theirs, the law in 12.9 is not.
      {
        clause:
          'If you are a user in the European Economic Area (“EEA“), or any other country that does not allow such an arbitration agreement, Sections 12.1-12.8 do not apply to you.\n\n**12.1. Disputes that We Arbitrate.**  \nYou and Example agree to mandatory individual arbitration for all claims arising out of your use of the Services.\n\n**12.9. Choice of Law.**  \nThese Terms will be governed exclusively by California law.',
        document: 'terms',
        value: 'mandatory',
        fields: { scope: 'users outside the European Economic Area' },
      },
      {
        clause:
          'All disputes will be resolved by binding arbitration. You may reject a later change to this section, but such a rejection does not constitute an opt out of arbitration.',
        document: 'terms',
        value: 'mandatory',
      },
      {
        clause:
          'All disputes will be resolved by binding arbitration. Couriers may opt out of this arbitration agreement with respect to Courier Claims by writing to us within 30 days.',
        document: 'terms',
        value: 'mandatory',
      },
      {
        clause:
          'Any dispute will be referred to and finally resolved by arbitration administered by the Singapore International Arbitration Centre.\n\nIf you reside in the European Union and are a consumer, any dispute will be resolved by the court of your place of residence or domicile.\n\n## SCHEDULE 1: UNITED STATES-SPECIFIC TERMS\n\nYou and we agree to binding individual arbitration before JAMS.',
        document: 'terms',
        value: 'mandatory',
        fields: { scope: 'users outside the US, other than consumers in the European Union' },
      },
      {
        clause:
          'Any dispute will be resolved by arbitration administered by the Singapore International Arbitration Centre. If you live in the United States, you and we agree to binding individual arbitration before JAMS.',
        document: 'terms',
        value: 'mandatory',
        fields: { scope: 'users outside the US' },
      },
      { clause: 'Any dispute will be resolved by binding individual arbitration.', document: 'terms', value: 'mandatory' },
      {
        clause: 'You may opt out of this arbitration agreement by emailing optout@example.com within 30 days of accepting these Terms.',
        document: 'terms',
        value: 'mandatory_with_opt_out',
        fields: { opt_out_days: 30, opt_out_contact: 'optout@example.com' },
      },
      {
        // The address comes in a later clause than the deadline's; both are quoted after the rule.
        clause:
          'ALL DISPUTES ARE SUBJECT TO BINDING ARBITRATION. YOU MAY OPT OUT OF THE ARBITRATION AGREEMENT WITHIN 30 DAYS. You may opt out of this Arbitration Agreement within 30 days of first accepting these Terms. To opt out, you must send an email to arbitration-opt-out@example.com.',
        document: 'terms',
        value: 'mandatory_with_opt_out',
        fields: { opt_out_days: 30, opt_out_contact: 'arbitration-opt-out@example.com' },
      },
      {
        // "calendar days" are days.
        clause:
          'Disputes will be resolved by binding arbitration. You may opt out of arbitration by sending an email to optout@example.com within thirty (30) calendar days of creating your account.',
        document: 'terms',
        value: 'mandatory_with_opt_out',
        fields: { opt_out_days: 30, opt_out_contact: 'optout@example.com' },
      },
      {
        clause:
          'Any dispute will be resolved by binding arbitration. Opt-Out of Modifications: you may opt out of the modifications made by this version within 30 days. To be effective, your notice must be sent to notice@example.com and state that you want to opt out of this arbitration agreement.',
        document: 'terms',
        value: 'mandatory',
      },
    ],
  },
  {
    id: 'class_action_waiver',
    read(ctx) {
      // Giving up class proceedings: a word of relinquishment, or a class proceeding in the scope of a negation however
      // phrased ("you will not file or participate in a class action", "NOT ON A CLASS OR COLLECTIVE BASIS").
      // The clause that gives them up first, before one that only names "the class action waiver" (what the arbitrator
      // decides about it, a section's title), or one that points to the section holding it ("Except for Section 13 providing
      // for … waiver of class action rights, we may modify these Terms").
      const names = (l: Located) =>
        Number(
          (/\b(?:class action|jury trial) waiver\b/i.test(l.clause.text) &&
            !/\b(?:waive|give up|not (?:bring|file|participate|join))\b/i.test(l.clause.text)) ||
            /\b(?:section|paragraph|clause)\s+\d[\w.]*\s+(?:providing for|regarding|concerning|about)\b[^.;]{0,80}\bclass\b/i.test(
              l.clause.text,
            ),
        );
      const found = ctx
        .find(CLASS_PROCEEDING, TERMS)
        .filter((l) => CLASS_WAIVER.test(l.clause.text) || isInNegationScope(l.clause.text, CLASS_PROCEEDING))
        .sort((a, b) => names(a) - names(b));
      return found.length > 0 ? ctx.answer('yes', found, scopeField(found[0]!)) : ctx.answer('no', []);
    },
    examples: [
      {
        clause: 'Each claim is heard on its own; the parties will not seek class treatment of a claim.',
        document: 'terms',
        value: 'yes',
      },
      {
        clause:
          'The arbitrator shall decide all issues except issues that relate to the enforceability of the Class Action Waiver. You and Example agree that each may bring claims against the other only in an individual capacity, and you waive any right to participate in a class action.',
        document: 'terms',
        value: 'yes',
        quote:
          'You and Example agree that each may bring claims against the other only in an individual capacity, and you waive any right to participate in a class action.',
      },
      {
        clause: 'You waive any right to participate in a class action lawsuit or class-wide arbitration.',
        document: 'terms',
        value: 'yes',
      },
      { clause: 'You promise never to start or take part in a class action against the company.', document: 'terms', value: 'yes' },
      // A pointer to the section that holds the waiver is quoted after the waiver itself.
      {
        clause:
          'Apart from Section 9 providing for arbitration and the waiver of class action rights, we may revise these terms. You will not bring or join a class action against us.',
        document: 'terms',
        value: 'yes',
        quote: 'You will not bring or join a class action against us.',
      },
      {
        clause: 'ALL DISPUTES WILL BE RESOLVED INDIVIDUALLY AND NOT ON A CLASS OR COLLECTIVE BASIS.',
        document: 'terms',
        value: 'yes',
      },
      { clause: 'Nothing in these terms limits your right to join a class action.', document: 'terms', value: 'no' },
      // The relinquished right is the object of the verb, however far in its sentence.
      {
        clause:
          'You give up the right to a trial by jury and to appear as a claimant or class member in any class action or representative suit.',
        document: 'terms',
        value: 'yes',
      },
      { clause: 'You waive the right to bring claims in any class or representative action.', document: 'terms', value: 'yes' },
      {
        clause: 'Both parties waive their rights to bring or join a class, collective, consolidated or representative action.',
        document: 'terms',
        value: 'yes',
      },
    ],
  },
  {
    id: 'content_licence',
    read(ctx) {
      // The licence to your content in general before one to a defined part of it or one feature's ("If you use BeePitched,
      // … Pitch Content"; "AI Inputs"): the narrower one is not the answer while the general one is stated.
      const narrow = (l: Located) =>
        Number(
          /\bIf you use [A-Z]/.test(`${leadInOf(l)} ${l.clause.text}`) ||
            /\b(?<!User )(?!User\b|Your\b|Member\b|Subscriber\b|Customer\b|Generated\b)[A-Z][A-Za-z]* (?:Content|Inputs?|Outputs?|Submissions?)\b/.test(
              l.clause.text,
            ),
        );
      // (Nor a licence to your name, logos or trademarks — to show you as a customer, to host a domain — which is no licence
      // to your content.)
      const toMarks = (l: Located) =>
        /\blicen[cs]e\b[^.]{0,160}\b(?:trademarks?|trade names?|service marks?|logos?|brand (?:features|names?))\b/i.test(l.clause.text) &&
        !USER_CONTENT.test(l.clause.text);
      const found = ctx
        .find([LICENCE, TO_SERVICE], TERMS)
        .filter((l) => !aboutFeedback(l) && !toMarks(l))
        .sort((a, b) => narrow(a) - narrow(b));
      if (found.length === 0) return ctx.answer('none_stated', []);
      // The licence's terms, its own clause and the list items or sentences right after it.
      // (A waiver of moral rights that follows is no term of the licence: "you irrevocably waive your moral rights".)
      // (Nor a grant to someone else: "you grant each User a perpetual, irrevocable … license" says nothing of the service's.)
      // (… said in the active: "any sub-license granted by Valve" is about the service's own licence.)
      const toOthers = (l: Located) =>
        LICENCE.test(l.clause.text) && /\b(?:grant|give)s?\b/i.test(l.clause.text) && !TO_SERVICE.test(l.clause.text);
      const terms = ctx
        .following(found.slice(0, 1), /./, 8)
        // (The grant itself always: "… a sub-licensable right, moral rights included, and licence to use …".)
        .filter((l, i) => i === 0 || (!/\bmoral rights?\b|\bwaive\b/i.test(l.clause.text) && !toOthers(l) && !aboutFeedback(l)));
      const text = terms
        .map((l) => l.clause.text)
        .join(' ')
        .replace(/\b(?:non-?|not |neither )(?:transferable|sub-?licen[cs]\w*)/gi, '');
      // (… or the right to pass rights on: "to allow others to have derivative rights to publish … such content".)
      const sublicensable = /\bsub-?licen[cs]\w*|\b(?:allow|permit|authori[sz]e) others to (?:have|exercise) (?:\w+ )?rights\b/i.test(text);
      const isTransferable = /\btransferable\b/i.test(text);
      const isBroad =
        /\bworld-?wide\b|\bthroughout the world\b|\banywhere in the world\b|\bwithout (?:any )?territorial\b/i.test(text) &&
        (sublicensable ||
          isTransferable ||
          /\bany (?:other )?(?:commercial )?purposes?\b|\bin any (?:way|manner)\b|\b(?:commercially|otherwise) exploit\b|\bfor (?:our|its) (?:own )?business purposes\b/i.test(
            text,
          ));
      // How long it lasts may be said elsewhere: "the right to use any question you post is
      // perpetual", "for the entire duration of the intellectual property rights", the licence's section
      // among those that survive termination, content kept in use after you leave. A licence that ends
      // when you delete your content is not perpetual. The clause that says so is quoted.
      const elsewhere = ctx.find([LASTING, CONTENT_RIGHTS], TERMS).filter((l) => !aboutFeedback(l) && !toOthers(l));
      const ends = LICENCE_ENDS.test(text);
      // (A licence you can end by deleting is neither irrevocable nor perpetual, whatever its grant calls it, unless it
      // survives: "can terminate this licence any time by either deleting the User Content or your account".)
      const irrevocable = ends ? undefined : [...terms, ...elsewhere].find((l) => /\birrevocabl\w*/i.test(l.clause.text));
      const outlasts = (l: Located) => (!ends && /\bperpetu\w*/i.test(l.clause.text)) || FOR_IP_TERM.test(l.clause.text);
      const lasting =
        [...terms, ...elsewhere].find(outlasts) ??
        (ends
          ? undefined
          : (irrevocable ?? elsewhere.find((l) => /\bsurviv|\bcontinue to use\b/i.test(l.clause.text)) ?? survivalOf(found[0]!)));
      // A licence given as a list ("a licence to use your content which is:") is quoted with the items that name its terms.
      const listed = /:\s*$/.test(found[0]!.clause.text)
        ? ctx
            .following(
              found.slice(0, 1),
              /\bworldwide\b|(?<!non-)\btransferable\b|(?<!non-)\bsub-?licen|\broyalty|\bperpetu|\birrevocab/i,
              8,
            )
            .slice(0, 2)
        : [];
      // The sentences right after it that bound it: its purpose, how you end it.
      // (The grant that names the licence's terms, not "We do not claim ownership…, but you grant us a license".)
      const grant = found.find((l) => /\bworldwide\b|\btransferable\b|\bsub-?licen|\broyalty/i.test(l.clause.text)) ?? found[0]!;
      const bounds = ctx.following([grant], /\bonly for the purpose\b|\byou can end this licen[cs]e\b/i, 3).filter((l) => l !== grant);
      return ctx.answer(
        isBroad ? 'broad' : 'limited',
        // (Only the grant and what bounds it: another licence, one feature's or a business's, is not this one.)
        // (… but a clause of it that extends it to training AI models is quoted: it says what the licence is for.)
        listed.length
          ? [found[0]!, ...listed, ...(lasting && lasting.clause !== found[0]!.clause ? [lasting] : [])]
          : [
              grant,
              ...(lasting && lasting.clause !== grant.clause ? [lasting] : []),
              ...bounds.slice(0, 2),
              ...found
                .filter(
                  (l) =>
                    l !== grant && /\btrain\w*\b[^.]{0,80}\b(?:AI|artificial intelligence|machine learning|models?)\b/i.test(l.clause.text),
                )
                .slice(0, 1),
            ],
        { perpetual: lasting !== undefined, irrevocable: irrevocable !== undefined, sublicensable },
      );
    },
    examples: [
      // The grant however its grantor or grantee is named: the user in the third person, the service in the passive.
      {
        clause: 'The Member grants Quill a worldwide, sub-licensable right to use the photos the Member uploads.',
        document: 'terms',
        value: 'broad',
        fields: { sublicensable: true },
      },
      {
        clause: 'You make sure that we are granted a worldwide, transferable, perpetual licence to copy and adapt your posts.',
        document: 'terms',
        value: 'broad',
        fields: { perpetual: true },
      },
      {
        clause: 'By uploading a drawing, you are granting Quill permission to use it to run the app.',
        document: 'terms',
        value: 'limited',
      },
      // A permission to reach your data held by another service is no licence to your content.
      {
        clause: 'Linking a calendar app gives us permission to read and use the events you keep there.',
        document: 'terms',
        value: 'none_stated',
      },
      // A grant with an aside before its grantee is a grant.
      {
        clause:
          'By uploading any Customer Material, you expressly grant, and you confirm you may grant, to Example a worldwide, sublicensable, perpetual licence to use that Customer Material.',
        document: 'terms',
        value: 'broad',
      },
      // A licence to your logos is none to your content.
      {
        clause:
          'You grant Example a worldwide, transferable licence to use your name, trademarks and logos to list you as a customer. You grant Example a licence to host your files only as needed to run the service.',
        document: 'terms',
        value: 'limited',
      },
      // Exploiting your data "for our business purposes" is a licence for any purpose the business has.
      {
        clause:
          'You give Example a worldwide, royalty-free, perpetual licence to copy, adapt and otherwise exploit the data you upload for our business purposes.',
        document: 'terms',
        value: 'broad',
      },
      // A grant that names moral rights among what it covers is still the grant.
      {
        clause:
          'You grant Example a worldwide, fully sublicensable right and licence (moral rights included) to copy and show Your Content.',
        document: 'terms',
        value: 'broad',
        fields: { sublicensable: true },
      },
      // A licence "not transferable" is not transferable, whatever follows the "except".
      {
        clause:
          'You grant Example a worldwide, royalty-free licence to host and show your posts on the platform. This licence is not transferable, except that Example may let its hosting providers store your posts for it.',
        document: 'terms',
        value: 'limited',
      },
      // The feedback licence that follows is no term of the licence to your content: it is not perpetual for that.
      {
        clause:
          'You give Example a limited licence to store and process your files only as needed to run the service. If you send us suggestions, you give us a perpetual, irrevocable licence to use them as we wish.',
        document: 'terms',
        value: 'limited',
        fields: { perpetual: false, irrevocable: false },
      },
      // A licence you can end by deleting is neither perpetual nor irrevocable, whatever the grant calls it.
      {
        clause:
          'You grant us a worldwide, perpetual and sub-licensable licence to use your posts. You can terminate this licence by deleting the posts or closing your account.',
        document: 'terms',
        value: 'broad',
        fields: { perpetual: false, irrevocable: false, sublicensable: true },
      },
      // "without any territorial limitations" is worldwide.
      {
        clause:
          'When you post, you give us an irrevocable, sub-licensable and permanent licence to use what you post, without territorial limits of any kind.',
        document: 'terms',
        value: 'broad',
      },
      // "you hereby irrevocably grant us … rights to use Your Content for any purpose" is a grant of a broad licence.
      {
        clause:
          'As such, you hereby irrevocably grant us world-wide, perpetual, non-exclusive, royalty-free, assignable, sublicensable, transferable rights to use Your Content for any purpose.',
        document: 'terms',
        value: 'broad',
      },
      // The general licence before one feature's; "you … automatically grant us" is a grant to the service.
      {
        clause:
          'If you use Pitcher, you agree that by uploading Pitch Content, you grant Example a limited licence to host that content as necessary to provide the Pitcher feature. By uploading Your Content, you represent that you have all necessary rights, and automatically grant us a non-exclusive, royalty free, perpetual, worldwide license to use Your Content in any way.',
        document: 'terms',
        value: 'broad',
      },
      {
        clause:
          'You grant us a worldwide, sublicensable licence to use any content you provide through the app, including photos, reviews and feedback.',
        document: 'terms',
        value: 'broad',
      },
      {
        clause:
          'You grant us a worldwide, sub-licensable licence to host your posts. You irrevocably waive any moral rights in your posts.',
        document: 'terms',
        value: 'broad',
        fields: { perpetual: false, irrevocable: false },
      },
      {
        clause: 'You grant us a worldwide, non-exclusive, royalty-free, sublicensable licence to use the content you post.',
        document: 'terms',
        value: 'broad',
        fields: { sublicensable: true, perpetual: false, irrevocable: false },
      },
      {
        clause:
          'You grant us a nonexclusive, royalty-free, perpetual, irrevocable, and fully sublicensable right to use and display such content throughout the world in any media.',
        document: 'terms',
        value: 'broad',
        fields: { perpetual: true, irrevocable: true, sublicensable: true },
      },
      {
        clause: 'You grant us, to the extent the law permits, a worldwide, irrevocable, fully sub-licensable, royalty-free right to:',
        document: 'terms',
        value: 'broad',
        fields: { sublicensable: true, perpetual: true, irrevocable: true },
      },
      {
        clause:
          'You grant us a non-exclusive, transferable, worldwide license to host and display your content; this license ends when you delete your content.',
        document: 'terms',
        value: 'broad',
        fields: { perpetual: false, irrevocable: false },
      },
      // Perpetual where its section is among those that survive termination (by number or by title), and the clause
      // that says so is quoted; a survival clause naming other sections says nothing of it.
      {
        clause:
          '## 4.2 Your Content\n\nYou grant Example a worldwide, sublicensable right to collect, use, copy and store your content to provide the Services.\n\n## 12. General\n\nSections 4 through 9 will survive any termination of this Agreement.',
        document: 'terms',
        value: 'broad',
        fields: { perpetual: true, irrevocable: false, sublicensable: true },
      },
      {
        clause:
          '## Licences\n\nYou grant Example a worldwide, transferable license to use the content you upload.\n\n## Termination\n\nIf you delete your account, the following provisions will survive termination: “Licences,” “Disputes.”',
        document: 'terms',
        value: 'broad',
        fields: { perpetual: true },
      },
      {
        clause:
          '## 4.2 Your Content\n\nYou grant Example a worldwide, sublicensable right to collect, use, copy and store your content to provide the Services.\n\n## 12. General\n\nSections 9 through 11 will survive any termination of this Agreement.',
        document: 'terms',
        value: 'broad',
        fields: { perpetual: false },
      },
      // As long as the content's intellectual property lasts is perpetual in effect.
      {
        clause:
          'You grant us a non-exclusive licence to your User Content to provide the Services. This licence lasts as long as intellectual property laws protect your User Content.',
        document: 'terms',
        value: 'limited',
        fields: { perpetual: true },
      },
      // A perpetual licence to other users (public repositories) is not the service's.
      {
        clause:
          'You grant us a royalty-free, non-exclusive license to display your Content to provide the Services. If you make your repository public, you grant each User a perpetual, irrevocable license to use your Content.',
        document: 'terms',
        value: 'limited',
        fields: { perpetual: false, irrevocable: false },
      },
      { clause: 'You grant us a licence to use your feedback and suggestions for any purpose.', document: 'terms', value: 'none_stated' },
      // Feedback as one item of the content licensed is still your content; the right to commercially exploit it is broad,
      // and the right to let others have rights in it is a sublicence.
      {
        clause:
          'You agree that any and all content, including text, images and product feedback, that you provide to the public Network (“Subscriber Content”) is perpetually licensed to Example on a worldwide basis, and you grant Example the perpetual and irrevocable right and license to use, copy and commercially exploit such Subscriber Content. This means that you cannot revoke permission for Example to allow others to have derivative rights to publish such content.',
        document: 'terms',
        value: 'broad',
        fields: { perpetual: true, irrevocable: true, sublicensable: true },
      },
    ],
  },
  {
    id: 'moral_rights_waiver',
    read(ctx) {
      // The waiver's object must be your content: one that covers only feedback or ideas you send ("By sending us any
      // Feedback, you … waive any moral rights"; items under "If you send us ideas or suggestions, you agree that:") is not;
      // "any User Content, including Feedback" is.
      const waives = /\bwaive|\bnot (?:to )?assert\b|\bconsent to\b|\bgive up\b|\bgiving up\b|\brelinquish|\bforgo/i;
      const named = ctx.find(MORAL_WAIVER, TERMS);
      // (An item of a list the waiver opens names the right itself: "you hereby waive:" / "(c) moral rights as defined …".)
      const found = [...named.filter((l) => l.clause.leadIn && waives.test(l.clause.leadIn.text)), ...ctx.following(named, waives, 1)]
        .filter((l, i, all) => all.findIndex((o) => o.clause === l.clause) === i)
        // (… nor one whose object is another defined thing: "all rights … in and to the Glossaries, and you waive your moral
        // rights in them".)
        .filter((l) => !aboutFeedback(l) && !(OTHER_DEFINED_OBJECT.test(l.clause.text) && !USER_CONTENT.test(l.clause.text)));
      return found.length > 0 ? ctx.answer('yes', found) : ctx.answer('no', []);
    },
    examples: [
      // A waiver for another defined thing is none for your content.
      {
        clause: 'You assign to Example all rights in and to the Glossaries you submit, and waive any moral rights you may have in them.',
        document: 'terms',
        value: 'no',
      },
      {
        clause: 'You irrevocably consent to any acts or omissions by us that may infringe any moral right in your User Content.',
        document: 'terms',
        value: 'yes',
      },
      { clause: 'You waive any moral rights you may have in your content.', document: 'terms', value: 'yes' },
      // The item of the waiver's list that names moral rights is the quote.
      {
        clause:
          'For any content you post, you hereby waive:\n\n- any right to approve how we promote it;\n- moral rights in it, wherever such rights exist;\n- any right to payment for its use.',
        document: 'terms',
        value: 'yes',
        quote: 'For any content you post, you hereby waive:',
      },
      { clause: 'When you upload a photo, you give up your moral rights in it.', document: 'terms', value: 'yes' },
      {
        clause: 'If you send us suggestions for the app, you agree that:\n\n- we own them, and you waive any moral rights in them.',
        document: 'terms',
        value: 'no',
      },
    ],
  },
  {
    id: 'terms_change_notice',
    read(ctx) {
      // The general rule: clauses about changing the terms (or in such a section), not the EEA-only variant
      // nor a table-of-contents row ("6. Modification of these Terms of Service").
      const general = (list: Located[]) => list.filter((l) => scopeOf(l.clause) !== 'EEA users' && isStatement(l.clause.text));
      // The section about changes to the terms first ("15. Changes to these Terms"), before a passing "… which may be updated".
      const inChangesSection = (l: Located) => Number(/\b(?:chang|modif|amend|updat|revis)\w*/i.test(l.clause.heading));
      // (… nor a change to one part of them: "If we make a material change to this Arbitration Agreement, we will notify you".)
      const forOnePart = (l: Located) =>
        /\bchanges? (?:to|of) (?:this|the) (?:Arbitration Agreement|arbitration (?:provision|section|clause)|Section)\b/i.test(
          l.clause.text,
        );
      const found = general(ctx.find(CHANGE, TERMS, { inSection: true }))
        .filter((l) => !forOnePart(l) && (changesTheTerms(l.clause.text) || !CHANGE.test(l.clause.text)))
        .sort((a, b) => inChangesSection(b) - inChangesSection(a));
      // Notice in advance: a promise to tell the user with a period or an "in advance", or changes that apply only a set
      // time after they are posted (Hugging Face: "effective 10 days following posting").
      // (… by the service, not a notice you must give: "The Customer must give such notice … no later than 15 days before".)
      const promised = (l: Located) =>
        (ADVANCE.test(l.clause.text) || PERIOD_BEFORE.test(l.clause.text)) &&
        !WITHOUT_NOTICE.test(l.clause.text) &&
        !NOTICE_OR_POSTING.test(l.clause.text) &&
        !/\b(?:you|the customer|customer|the user|user|the member)\s+(?:must|shall|will|should|may|can)\s+(?:\w+\s+)?(?:give|send|provide|serve|submit)\b[^.]{0,20}\bnotice\b/i.test(
          l.clause.text,
        ) &&
        (promisesNotice(l.clause.text) || NOTIFY_USER.test(l.clause.text) || /\bnotice\b/i.test(l.clause.text));
      const near = general(ctx.following(found, /[\s\S]/, 3)).filter((l) => !forOnePart(l));
      const advance = [...near.filter(promised), ...near.filter((l) => EFFECTIVE_AFTER_POSTING.test(l.clause.text) && !promised(l))];
      if (advance.length > 0) {
        const days = advance.flatMap((l) => durationsIn(l.clause.text)).find((d) => d.days > 0 && d.days <= 90)?.days;
        return ctx.answer('advance_notice', advance, days ? { days } : {});
      }
      // Told, though a change may apply at once: a promise, never a possibility ("we may notify you"), and not where the
      // notice may be the posting itself (Flickr: "Such notice may be provided … by posting the revised Terms of Use").
      const byPosting = near.some((l) => NOTICE_BY_POSTING.test(l.clause.text));
      const told = byPosting ? [] : near.filter((l) => promisesNotice(l.clause.text));
      // European consumers promised notice in advance ("… Twitch will provide reasonable prior notice of amendments")
      // are the exception to a weaker general rule: the answer holds for everyone else, and quotes the promise.
      // The regions from its own words or from the heading that scopes it ("… if you live in the EEA, United Kingdom, or Switzerland").
      const regionsOf = (l: Located) =>
        europeanRegionsIn(l.clause.text) ?? europeanRegionsIn(scopeWithSource(l.clause)?.heading?.text ?? '');
      const european = ctx
        .find(CHANGE, TERMS, { inSection: true })
        .find((l) => scopeOf(l.clause) === 'EEA users' && promised(l) && regionsOf(l));
      const exceptEurope = (list: Located[]) =>
        european
          ? { evidence: [...list.slice(0, 2), european], fields: { scope: `users outside ${regionsOf(european)!}` } }
          : { evidence: list, fields: {} };
      if (told.length > 0) {
        const { evidence, fields } = exceptEurope(told);
        return ctx.answer('notice', evidence, fields);
      }
      // No notice only where the service gives itself the power to change them ("We may change these Terms at any time");
      // "If these terms are changed, the version valid when you signed binds you" says nothing of notice.
      if (!found.some((l) => CHANGE_POWER.test(l.clause.text))) return NOT_STATED;
      // … and none where a change needs your agreement (an amendment valid only once both sides have signed it): the service
      // cannot change them alone.
      if (
        ctx
          .find(CHANGE, TERMS)
          .some((l) =>
            /\b(?:no|any) (?:amendment|modification|change)\b[^.]{0,120}\b(?:unless|only if|must be)\b[^.]{0,60}\b(?:(?:signed|agreed|assented|accepted|consented)\b[^.]{0,30}\bboth parties|in writing by both|by both parties|mutual(?:ly)?)\b/i.test(
              l.clause.text,
            ),
          )
      )
        return NOT_STATED;
      // … with the next sentence where it binds you by use ("By using Amazon Services after such changes, you agree to be bound by them").
      const bound = ctx.following(found.slice(0, 1), BOUND_AFTER_CHANGE, 2).find((l) => l !== found[0] && !found.includes(l));
      const { evidence, fields } = exceptEurope(bound ? [found[0]!, bound, ...found.slice(1)] : found);
      return ctx.answer('no_notice', evidence, fields);
    },
    examples: [
      // A change that needs both parties' written agreement is no power to change the terms alone.
      {
        clause:
          'These terms may change from time to time. Any amendment to these terms takes effect only if signed in writing by both parties.',
        document: 'terms',
        value: 'not_stated',
      },
      // A change of the service is none of the terms, whatever the terms say they cover.
      {
        clause: 'We may modify any of the Services as we see fit, and this Agreement will then cover all modified Services.',
        document: 'terms',
        value: 'not_stated',
      },
      // Notice that is the posting, however far its words from the notice; new terms shown to you are notice.
      {
        clause:
          'We may change these Terms. We will notify each member of the changed Terms and of the date they apply from by posting the changed Terms in the app or by other suitable means.',
        document: 'terms',
        value: 'no_notice',
      },
      { clause: 'From time to time these Terms may be updated and presented again to you.', document: 'terms', value: 'notice' },
      // A notice you must give is no notice the service promises.
      {
        clause:
          'We may change these Terms from time to time. If you do not accept a change, you may end the contract; the Customer must give such notice no later than 10 days before the change takes effect.',
        document: 'terms',
        value: 'no_notice',
      },
      // Notice that is the posting of the new terms is no notice.
      {
        clause:
          'Example may revise this Agreement at any time. We will give notice of a revision by posting the revised Agreement on our website.',
        document: 'terms',
        value: 'no_notice',
      },
      // A notification named as given, in a sentence that binds you by use, promises none.
      {
        clause:
          'We may change these Terms from time to time. If you keep using the app after such notification, you accept the changed Terms.',
        document: 'terms',
        value: 'no_notice',
      },
      // A list of reasons between the power and the promise does not hide the promise.
      {
        clause:
          'We may update these Terms from time to time, for example because of:\n\n* new laws;\n* security needs;\n* new features.\n\nWe will tell you at least 30 days before a change that harms you takes effect, by e-mail.',
        document: 'terms',
        value: 'advance_notice',
        fields: { days: 30 },
      },
      // Notice "and/or" posting: posting alone may make the change.
      {
        clause:
          'Example may amend these Terms either (a) by posting the amended Terms in the app and/or (b) by e-mailing you notice in advance of material changes.',
        document: 'terms',
        value: 'no_notice',
      },
      // Notice that may be the new date at the top is the posting itself.
      {
        clause:
          'We may update these Terms at any time; when we do, we will give notice of the update, including by updating the effective date shown on this page.',
        document: 'terms',
        value: 'no_notice',
      },
      // Which version binds after a change is no power to change without notice.
      {
        clause:
          'If these terms and conditions are changed, the version valid when the contract was signed remains binding on the customer.',
        document: 'terms',
        value: 'not_stated',
      },
      // Notice at the service's discretion is no promise.
      {
        clause:
          'We can revise these Terms whenever we wish, without prior notice. We may, in our sole discretion, elect to notify our mailing-list readers of a revision.',
        document: 'terms',
        value: 'no_notice',
      },
      // A promise for one part of the terms is no rule for the terms.
      {
        clause:
          'We may update these Terms from time to time; if a change is material, we will notify you (for example, by email). If we make a material change to this Arbitration Agreement, we will notify you before the change takes effect.',
        document: 'terms',
        value: 'notice',
      },
      {
        clause: 'We will notify you at least 30 days before changes to these Terms take effect.',
        document: 'terms',
        value: 'advance_notice',
        fields: { days: 30 },
      },
      { clause: 'We may change these Terms at any time by posting the revised version.', document: 'terms', value: 'no_notice' },
      {
        clause:
          'We reserve the right to make changes to these Conditions of Use at any time. By using the Services after such changes, you agree to be bound by them.',
        document: 'terms',
        value: 'no_notice',
      },
      {
        clause:
          'We may change these Terms by posting the revised version. For residents of the European Union or the United Kingdom, we will provide reasonable prior notice of changes to these Terms.',
        document: 'terms',
        value: 'no_notice',
        fields: { scope: 'users outside the European Union and the United Kingdom' },
      },
      {
        clause:
          "We may change these terms from time to time. Changes take effect when we post them on this page. If you are a consumer living in the European Union, we will give you at least 30 days' notice by e-mail before a change to these terms takes effect.",
        document: 'terms',
        value: 'no_notice',
        fields: { scope: 'users outside the European Union' },
      },
      {
        clause:
          'If we amend material terms to these Terms, such amendment will be effective after we send you notice of the amended agreement.',
        document: 'terms',
        value: 'notice',
      },
      {
        clause: 'Material changes to these terms will be announced on our blog at least two months before they are applied.',
        document: 'terms',
        value: 'advance_notice',
        fields: { days: 60 },
      },
      {
        clause: 'We may revise these Terms from time to time. Revised Terms take effect 14 days after we post them here.',
        document: 'terms',
        value: 'advance_notice',
        fields: { days: 14 },
      },
      {
        clause: 'We can update these Terms whenever we like. Now and then we might e-mail you to tell you about an update.',
        document: 'terms',
        value: 'no_notice',
      },
      {
        clause:
          'We may modify these Terms at any time by giving notice. That notice may be given by e-mail or simply by posting the new Terms on this page.',
        document: 'terms',
        value: 'no_notice',
      },
      {
        clause: 'We may modify these Customer Service Terms at any time and will notify you by e-mail when we do.',
        document: 'terms',
        value: 'notice',
      },
      {
        clause:
          'We may update these terms at any time by posting them here. Where a law requires us to tell you about an update, we will notify you as that law requires.',
        document: 'terms',
        value: 'no_notice',
      },
    ],
  },
  {
    id: 'termination_without_notice',
    read(ctx) {
      // Never the user's own right to leave, nor a named part of the service ("the Beta Services", "the Pro Services").
      const found = serviceOnly(ctx.find(TERMINATION, TERMS)).filter(
        (l) =>
          !USER_ENDS.test(l.clause.text) &&
          // (… nor what survives a termination: "Upon termination … for any reason, these sections survive"; nor a disclaimer
          // of liability for a suspension: "WILL HAVE NO LIABILITY TO YOU FOR ANY … SUSPENSION … FOR ANY REASON".)
          !/\bsurviv\w*\b/i.test(l.clause.text) &&
          !/^\W*(?:[\w’'.-]+\s+){1,4}(?:will|shall) (?:have no liability|not be liable)\b/i.test(l.clause.text) &&
          // (… nor a power over your content alone: a right to screen, turn down or erase what you post, to enforce the
          // agreement, closes no account.)
          !(
            /\byour (?:\w+ )?content\b/i.test(l.clause.text) &&
            !/\b(?:accounts?|access|membership|profiles?|(?:terminat|end)\w* (?:this|the|our) agreement)\b/i.test(l.clause.text)
          ) &&
          isBackedByQuote({ category: 'unilateral_termination', evidence: [{ quote: l.clause.text }] }, true),
      );
      // The service's power must be stated somewhere: "you can do so at any time by closing your account" is your own.
      if (!found.some((l) => givesServicePowerToEnd(l.clause.text))) return NOT_STATED;
      const warned = found.filter((l) => WARNED.test(l.clause.text));
      // ("immediately upon notice" is with notice.)
      // (… and "immediately, without further notice" follows a notice already given; an abrupt clause is the service's own
      // power, not what you must do on termination: "you must immediately delete your keys".)
      const abrupt = found.filter(
        (l) =>
          ABRUPT.test(
            l.clause.text.replace(
              /\bimmediately (?:up)?on (?:\w+ ){0,2}notice\b|\b(?:immediately,? )?without further notice\b|\byou (?:must|shall|will|agree to) (?:\w+ ){0,2}immediately\b/gi,
              '',
            ),
          ) && !WARNED.test(l.clause.text),
      );
      // "Normally we warn you" with an exception "without prior notice" (or "we will not provide you advance notice before
      // suspension … where …") still allows termination without notice.
      const withoutNotice = (l: Located) =>
        /\bwithout (?:prior |advance |any )?notice\b/i.test(l.clause.text) || NO_NOTICE_WHERE.test(l.clause.text);
      const endsWithoutNotice = (l: Located) =>
        (/\b(?:suspen|terminat|clos|disabl)\w*\b[^.]{0,80}\bwithout (?:prior |advance |any )?notice\b/i.test(l.clause.text) ||
          NO_NOTICE_WHERE.test(l.clause.text)) &&
        !/\bdelete (?:your|any of your) content\b/i.test(l.clause.text);
      const exceptions = [
        ...ctx.find(/\b(?:suspension|termination)\b[^.]{0,80}\bwithout (?:prior |advance )?notice\b/i, TERMS),
        ...ctx.find(NO_NOTICE_WHERE, TERMS),
      ];
      // Each clause once: the power as a rule before its instances (a clause on what you did, "users who infringe", "If we
      // suspect … fraud"), then the ones that say "without notice", then the widest ("for any reason or no reason", "with or
      // without cause"); never the user's own right to leave.
      const general = (l: Located) => Number(!ON_CONDUCT.test(`${leadInOf(l)} ${l.clause.text}`));
      const wide = (l: Located) => Number(WIDE_TERMINATION.test(l.clause.text)) + Number(ANY_REASON.test(l.clause.text));
      // (The clause that states the power itself before one about its aftermath: "We may suspend your account at any time"
      // before "If we terminate for any reason …, any remaining Credits … expire".)
      // (… and never a clause on what follows an end, "Upon termination of any Service, your right to use it ends".)
      const power = (l: Located) =>
        Number(
          statesPlainly('unilateral_termination', l.clause.text) === true &&
            !/^\W*(?:upon|on|after|following|in the event of)\s+(?:any\s+|the\s+|such\s+)?(?:termination|suspension|expiration)\b/i.test(
              l.clause.text,
            ),
        );
      const unwarned = [...new Set([...abrupt, ...exceptions])]
        .filter((l) => !USER_ENDS.test(l.clause.text))
        .sort(
          (a, b) =>
            power(b) - power(a) ||
            general(b) - general(a) ||
            Number(endsWithoutNotice(b)) - Number(endsWithoutNotice(a)) ||
            wide(b) - wide(a),
        );
      const isSaidWithoutNotice = unwarned.some(withoutNotice);
      if (warned.length > 0 && !isSaidWithoutNotice) {
        // The exception the next sentences allow ("a warning is not necessary if special circumstances justify an immediate termination").
        const unless = ctx
          .following(warned.slice(0, 1), /\bnot (?:be )?necessary\b|\bspecial circumstances\b|\bimmediate(?:ly)? terminat/i, 2)
          .filter((l) => l !== warned[0]);
        return ctx.answer('no', [warned[0]!, ...unless.slice(0, 1), ...warned.slice(1)]);
      }
      // "We will normally let you know … without prior notice if special circumstances justify it": the rule and its exception.
      // … and what closing costs you or leaves you, where the next sentences say it ("Spotify will not refund any amounts", "you can appeal").
      const after = (l: Located) =>
        ctx
          .following([l], /\b(?:not|no|without)\b[^.]{0,30}\brefund|\bappeal\b|\bpurchased (?:products|services|content)\b/i, 2)
          .filter((next) => next !== l)
          .slice(0, 1);
      if (unwarned.length > 0)
        return ctx.answer('yes', warned.length > 0 ? [unwarned[0]!, warned[0]!] : [...unwarned.slice(0, 2), ...after(unwarned[0]!)]);
      // Notice with the reason, except in the cases listed: the exceptions allow closing without notice.
      const noticeUnless = found.find((l) => NOTICE_UNLESS.test(l.clause.text));
      // The rule it qualifies: the nearest one before it ("YouTube reserves the right to suspend or terminate … if: …").
      const rule = noticeUnless
        ? found
            .filter(
              (l) =>
                l.document === noticeUnless.document &&
                l.index < noticeUnless.index &&
                /\b(?:may|can|reserves? the right to)\b/i.test(l.clause.text),
            )
            .at(-1)
        : undefined;
      if (noticeUnless) return ctx.answer('yes', rule ? [rule, noticeUnless] : [noticeUnless]);
      return NOT_STATED;
    },
    examples: [
      // The power itself is quoted before what follows an end.
      {
        clause:
          'Upon termination of a plan, your right to use that plan will terminate immediately. All terminations of accounts for cause are made in the operator’s sole discretion.',
        document: 'terms',
        value: 'yes',
        quote: 'All terminations of accounts for cause are made in the operator’s sole discretion.',
      },
      // A power over your content alone closes no account.
      {
        clause:
          'The operator may screen, refuse to publish or erase your posted content at any moment to enforce this Agreement, without notice.',
        document: 'terms',
        value: 'not_stated',
      },
      // What you must do at once when an account ends, your own right to end it at any time, or an end "without further
      // notice" after a warning, is no power of the service to close accounts unwarned.
      {
        clause:
          'We may close your account if you break these Terms, after telling you why. When your account closes, you must immediately stop using the API. You will be able to end this agreement at any time. If you do not fix a breach within 30 days of our notice, we may end the agreement immediately, without further notice.',
        document: 'terms',
        value: 'not_stated',
      },
      // Your own ending, however soon it takes effect, is no power of the service's.
      {
        clause: 'If you wish to cancel your membership after we change the service, it ends immediately once we receive your notice.',
        document: 'terms',
        value: 'not_stated',
      },
      // Notice given, however soon the suspension follows it.
      {
        clause:
          'Example may suspend your access immediately upon written notice if your invoice is more than ten days overdue. We will take reasonable steps to give you written notice before any suspension or termination.',
        document: 'terms',
        value: 'no',
      },
      // The user's own right to leave gives the service no power.
      {
        clause: 'Should you want to end this agreement, you may do that whenever you like by deleting your account.',
        document: 'terms',
        value: 'not_stated',
      },
      // Notice that may come after the fact allows a suspension without prior notice.
      {
        clause:
          'We will tell you in advance or, where this is not practicable, promptly afterwards of the suspension of your account and why.',
        document: 'terms',
        value: 'yes',
      },
      // The verb's object is your content, not the agreement a condition names.
      {
        clause: 'We may remove or disable your posts for any reason, including if we determine that they violate this Agreement.',
        document: 'terms',
        value: 'not_stated',
      },
      {
        clause:
          'We may suspend or terminate your account if you materially or repeatedly breach this Agreement. We will notify you with the reason for termination or suspension, and where such action is taken for cause, we will give you the opportunity to remedy it, unless there are objective reasons to believe that to do so would violate the law.',
        document: 'terms',
        value: 'yes',
      },
      {
        clause:
          'We may terminate your account at any time for any reason. Spotless will not refund any amounts that you have already paid.',
        document: 'terms',
        value: 'yes',
      },
      { clause: 'We may suspend or terminate your account at any time without notice.', document: 'terms', value: 'yes' },
      // The power as a rule is quoted before an instance of it (repeat infringers, suspected fraud).
      {
        clause:
          'Example may, at its sole discretion, terminate the accounts of any users who infringe the intellectual property rights of others, without notice. Example reserves the right to terminate your account at any time, with or without cause at its sole discretion.',
        document: 'terms',
        value: 'yes',
        quote: 'Example reserves the right to terminate your account at any time, with or without cause at its sole discretion.',
      },
      { clause: 'We will notify you before we suspend or terminate your account.', document: 'terms', value: 'no' },
      { clause: 'You may end your relationship with us at any time by closing your account.', document: 'terms', value: 'not_stated' },
      // The licence the service grants you to use its content is not your account.
      { clause: 'We may terminate our license to you at any time for any reason.', document: 'terms', value: 'not_stated' },
      { clause: 'We may terminate your Quill account at any time for any reason.', document: 'terms', value: 'yes' },
      {
        clause:
          'We will normally let you know before we suspend or terminate your account. Suspension or termination may happen without prior notice if special circumstances justify immediate action.',
        document: 'terms',
        value: 'yes',
      },
      // Notice as the rule, with listed exceptions; a named part of the service closing is not your account.
      {
        clause:
          'We may, in our sole discretion, discontinue, suspend, or remove your access to the Beta Services. Before suspending or terminating your access to the Services and/or Account, we will provide you with reasonable advance notice via email. Notwithstanding the foregoing, we will not provide you advance notice before suspension or termination where we believe that you are in material breach of these Terms.',
        document: 'terms',
        value: 'yes',
        quote:
          'Notwithstanding the foregoing, we will not provide you advance notice before suspension or termination where we believe that you are in material breach of these Terms.',
      },
      {
        clause:
          'Before suspending or terminating your access to the Services and/or Account, we will provide you with reasonable advance notice via email so that you have an opportunity to remedy the issue.',
        document: 'terms',
        value: 'no',
      },
      // A disclaimer of liability for a suspension grants no power to close your account.
      {
        clause: 'EXAMPLE WILL HAVE NO LIABILITY TO YOU FOR ANY INTERRUPTION, SUSPENSION OR TERMINATION OF YOUR ACCOUNT FOR ANY REASON.',
        document: 'terms',
        value: 'not_stated',
      },
    ],
  },
  {
    id: 'liability_cap',
    read(ctx) {
      const found = ctx
        .find(CAP, TERMS)
        .filter((l) => !/\bincluding,? but not limited to\b/i.test(l.clause.text) || AGGREGATE.test(l.clause.text));
      // The cap as an item of the sentence that says who is not liable ("WILL NOT BE LIABLE FOR ANY:" … "DAMAGES, IN THE
      // AGGREGATE …, EXCEEDING THE AMOUNT ACTUALLY PAID BY YOU …"; "(II) FOR ANY DIRECT DAMAGES IN EXCESS OF ONE HUNDRED DOLLARS").
      const items = ctx.find(CAP_MEASURE, TERMS).filter((l) => /\bliab/i.test(leadInOf(l)) && !found.includes(l));
      const first =
        found.find((l) => AGGREGATE.test(l.clause.text)) ?? items.find((l) => /\baggregate\b/i.test(l.clause.text)) ?? found[0] ?? items[0];
      // No amount, but liability for damage of any kind excluded: the most it will pay is nothing.
      const excluded = () => {
        const none = ctx.find(NO_LIABILITY, TERMS)[0];
        if (!none) return NOT_STATED;
        const what = NO_LIABILITY.exec(none.clause.text)!.groups!.what!.toLowerCase();
        return ctx.answer(`no liability for ${what}`, [none], { cap: 'none', ...scopeField(none) });
      };
      if (!first) return excluded();
      const text = first.clause.text;
      const from = /\b(?:exceed|in excess of|limited to|greater of|lesser of|only for|more than|is your)\b/i.exec(text);
      const phrase = (from ? text.slice(from.index) : text).replace(/\s+/g, ' ').slice(0, 200);
      // The amount may come after the phrase's first 200 characters, or in the items of a lead-in ("the greater of:").
      const rest = [
        text.slice(from?.index ?? 0),
        ...ctx
          .following([first], /./, 3)
          .slice(1)
          .map((l) => l.clause.text),
      ].join(' ');
      const usd = findUsd(rest);
      // A limit that names no measure ("… LIMITED TO THE FULL EXTENT PERMITTED BY LAW") states no cap.
      const cap = capOf(rest, usd);
      if (!cap) return excluded();
      // The clause that names the amount comes with the cap when it is another one ("the greater of:" … "USD100").
      const amountClause =
        usd && findUsd(text) === undefined ? ctx.following([first], /./, 3).find((l) => findUsd(l.clause.text) === usd) : undefined;
      return ctx.answer(phrase, amountClause ? [first, amountClause] : [first], {
        ...(usd ? { usd } : {}),
        ...cap,
        ...scopeField(first),
      });
    },
    examples: [
      // A floor in another currency is kept, never read as US dollars nor dropped.
      {
        clause: 'Our total liability will not exceed the greater of the fees you paid us in the 12 months before the claim or S$300.',
        document: 'terms',
        value: 'exceed the greater of the fees you paid us in the 12 months before the claim or S$300.',
        fields: { cap: 'greater', paid_months: 12 },
      },
      // "These limitations … do not apply to users located in the EEA": the cap is for everyone else.
      {
        clause:
          'OUR TOTAL LIABILITY TO YOU IS LIMITED TO THE AMOUNT YOU PAID US IN THE 180 DAYS BEFORE THE CLAIM. These limitations/exclusions do not apply to users located in the EEA.',
        document: 'terms',
        value: 'LIMITED TO THE AMOUNT YOU PAID US IN THE 180 DAYS BEFORE THE CLAIM.',
        fields: { cap: 'paid', paid_months: 6, scope: 'users outside the EEA' },
      },
      {
        clause:
          'In no event shall our aggregate liability exceed the amount paid by you during the twelve (12) months preceding the claim or one hundred dollars, whichever is greater.',
        document: 'terms',
        value:
          'exceed the amount paid by you during the twelve (12) months preceding the claim or one hundred dollars, whichever is greater.',
        fields: { usd: 100, cap: 'greater', paid_months: 12 },
      },
      {
        clause: 'Our total liability to you will not exceed the greater of $100 or the amount you paid us in the past 12 months.',
        document: 'terms',
        value: 'exceed the greater of $100 or the amount you paid us in the past 12 months.',
        fields: { usd: 100, cap: 'greater', paid_months: 12 },
      },
      {
        // The cap as an item of the sentence that says who is not liable.
        clause:
          'We will not be liable for any:\n\n* indirect or punitive damages; or\n* damages, in the aggregate for all claims, exceeding the amount you actually paid us in the six (6) months before the claim.',
        document: 'terms',
        value:
          'damages, in the aggregate for all claims, exceeding the amount you actually paid us in the six (6) months before the claim.',
        fields: { cap: 'paid', paid_months: 6 },
      },
      {
        // An amount in brackets after its words: "($50)" has no word boundary before its sign.
        clause:
          'We shall not be liable (i) for any indirect damages, or (ii) for any direct damages in excess of fifty dollars ($50) in total.',
        document: 'terms',
        value: 'in excess of fifty dollars ($50) in total.',
        fields: { usd: 50, cap: 'fixed' },
      },
      // Liability for damage of any kind excluded, no amount: the most it pays is nothing; excluding kinds of damage is no cap.
      {
        clause:
          'TO THE FULL EXTENT PERMISSIBLE BY LAW, EXAMPLE WILL NOT BE LIABLE FOR ANY DAMAGES OF ANY KIND ARISING FROM THE USE OF THE SERVICE.',
        document: 'terms',
        value: 'no liability for any damages of any kind',
        fields: { cap: 'none' },
      },
      {
        clause:
          'NEITHER EXAMPLE NOR ITS AFFILIATES SHALL BE LIABLE IN ANY WAY FOR LOSS OR DAMAGE OF ANY KIND RESULTING FROM THE USE OF THE SERVICE.',
        document: 'terms',
        value: 'no liability for loss or damage of any kind',
        fields: { cap: 'none' },
      },
      // A numbered section some users are exempt from ("THIS SECTION 7 DOES NOT APPLY TO EU OR UK SUBSCRIBERS") scopes the
      // rules of its lettered parts.
      {
        clause:
          '7\\. DISCLAIMERS; LIMITATION OF LIABILITY; NO GUARANTEES; LIMITED WARRANTY AND AGREEMENT\n\nTHIS SECTION 7 DOES NOT APPLY TO EU OR UK SUBSCRIBERS.\n\nB. LIMITATION OF LIABILITY\n\nNEITHER EXAMPLE NOR ITS AFFILIATES SHALL BE LIABLE IN ANY WAY FOR LOSS OR DAMAGE OF ANY KIND RESULTING FROM THE USE OF THE SERVICE.',
        document: 'terms',
        value: 'no liability for loss or damage of any kind',
        fields: { cap: 'none', scope: 'users outside the EU or UK' },
      },
      {
        clause: 'IN NO EVENT WILL EXAMPLE BE LIABLE FOR ANY INDIRECT, INCIDENTAL OR CONSEQUENTIAL DAMAGES OF ANY KIND.',
        document: 'terms',
        value: 'not_stated',
      },
      {
        clause: 'In no event shall our aggregate liability for all claims exceed one hundred US dollars (US $100.00).',
        document: 'terms',
        value: 'exceed one hundred US dollars (US $100.00).',
        fields: { usd: 100, cap: 'fixed' },
      },
      {
        clause: 'IN NO EVENT SHALL OUR LIABILITY EXCEED THE AMOUNT PAID TO US IN THE TWELVE (12) MONTHS PRIOR TO THE CLAIM.',
        document: 'terms',
        value: 'EXCEED THE AMOUNT PAID TO US IN THE TWELVE (12) MONTHS PRIOR TO THE CLAIM.',
        fields: { cap: 'paid', paid_months: 12 },
      },
      // A long subject before the cap ("THE AGGREGATE LIABILITY OF … UNDER THIS AGREEMENT, WHETHER IN CONTRACT, TORT, OR OTHERWISE, IS LIMITED TO …").
      {
        clause:
          'THE AGGREGATE LIABILITY OF THE EXAMPLE ENTITIES TO YOU FOR ANY AND ALL CLAIMS ARISING OUT OF OR RELATING TO THE USE OF OR ANY INABILITY TO USE THE SERVICES (INCLUDING ANY MATERIALS OR CONTENT AVAILABLE THROUGH THE SERVICES) OR OTHERWISE UNDER THIS AGREEMENT, WHETHER IN CONTRACT, TORT, OR OTHERWISE, IS LIMITED TO THE AMOUNTS YOU HAVE PAID TO EXAMPLE IN THE 12 MONTHS PRIOR TO THE CLAIM.',
        document: 'terms',
        value: 'LIMITED TO THE AMOUNTS YOU HAVE PAID TO EXAMPLE IN THE 12 MONTHS PRIOR TO THE CLAIM.',
        fields: { cap: 'paid', paid_months: 12 },
      },
      // "To the maximum extent permitted by law" is no cap.
      {
        clause:
          'TO THE MAXIMUM EXTENT PERMITTED BY LAW, WE WILL NOT BE LIABLE FOR ANY INDIRECT DAMAGES. OUR TOTAL LIABILITY SHALL NOT EXCEED THE AMOUNT PAID TO US IN THE SIX MONTHS BEFORE THE CLAIM.',
        document: 'terms',
        value: 'EXCEED THE AMOUNT PAID TO US IN THE SIX MONTHS BEFORE THE CLAIM.',
        fields: { cap: 'paid', paid_months: 6 },
      },
      // A limit that names no measure is no cap.
      { clause: 'OUR LIABILITY SHALL BE LIMITED TO THE FULL EXTENT PERMITTED BY LAW.', document: 'terms', value: 'not_stated' },
    ],
  },
  {
    id: 'indemnity',
    read(ctx) {
      // The indemnity for your use, content or breach first, before one for a single case (taxes, a report you file, a
      // minor's account): the quote says what the general one covers.
      const general = (l: Located) =>
        Number(/\b(?:use of|access to|your (?:use|content|breach|violation|conduct)|breach of|violation of)\b/i.test(l.clause.text));
      const found = ctx
        .find(INDEMNITY, TERMS)
        .filter((l) => !NARROW_INDEMNITY.test(l.clause.text))
        .sort((a, b) => general(b) - general(a));
      return found.length > 0 ? ctx.answer('yes', found) : ctx.answer('no', []);
    },
    examples: [
      // The general indemnity is quoted before the one for a single case.
      {
        clause:
          'If you file a report, you will indemnify us against claims about that report. You will indemnify us against claims that come from how you use the app or from your breach of these terms.',
        document: 'terms',
        value: 'yes',
        quote: 'You will indemnify us against claims that come from how you use the app or from your breach of these terms.',
      },
      {
        clause:
          'You are liable to us for any claims, demands, losses and costs (legal fees included) suffered by us because of how you use the app.',
        document: 'terms',
        value: 'yes',
      },
      {
        clause:
          'Should someone sue us over what you did against these Terms, you will defend us in that suit and pay the damages we are ordered to pay.',
        document: 'terms',
        value: 'yes',
      },
      {
        clause: 'The Member shall indemnify and hold harmless the Company against claims arising from its posts.',
        document: 'terms',
        value: 'yes',
      },
      {
        clause: 'You agree to indemnify and hold us harmless from any claims arising from your use of the service.',
        document: 'terms',
        value: 'yes',
      },
      { clause: 'You will indemnify us for any taxes relating to your purchase of the Services.', document: 'terms', value: 'no' },
      // Only business users bound: no indemnity of the ordinary user.
      {
        clause:
          'If you are a company or other organisation, you will indemnify us against third-party claims arising from your use of the app.',
        document: 'terms',
        value: 'no',
      },
      {
        clause:
          'You shall be responsible for any losses or other costs incurred by Example because of your posts or your breach of these terms.',
        document: 'terms',
        value: 'yes',
      },
    ],
  },
  {
    id: 'claim_time_limit',
    read(ctx) {
      const found = ctx.find(CLAIM_LIMIT, TERMS);
      // (A period in two parts is one: "within one year and twenty-eight days".)
      const periods = (text: string) =>
        durationsIn(text).map((d, i, all) => {
          const next = all[i + 1];
          return next && /^\s*(?:and|plus)\s+(?:[a-z]+-)?$/i.test(text.slice(d.index + d.words.length, next.index))
            ? d.days + next.days
            : d.days;
        });
      const days = found.flatMap((l) => periods(l.clause.text)).find((d) => d >= 30);
      // (… for whom, where a heading or scope line limits it: "If you are a US resident this Section 20 applies".)
      return days ? ctx.answer(days, found, scopeField(found[0]!)) : NOT_STATED;
    },
    examples: [
      // For whom a scope line says.
      {
        clause:
          '## 7. Disputes\n\nIf you live in the U.S. this Section 7 applies.\n\nAny claim must be brought within one year after it arises.',
        document: 'terms',
        value: 365,
        fields: { scope: 'US users' },
      },
      { clause: 'Any claim must be filed within one year and fourteen days after it arises.', document: 'terms', value: 379 },
      { clause: 'Any claim must be filed within one (1) year and twenty-one (21) days after it arises.', document: 'terms', value: 386 },
      {
        clause: 'Any claim arising out of these Terms must be filed within one (1) year after the cause of action arose.',
        document: 'terms',
        value: 365,
      },
      {
        // A section number's dot ends no sentence.
        clause: 'Any claim under these Terms (except disputes under Section 12.3(b)) must be brought within one (1) year after it arose.',
        document: 'terms',
        value: 365,
      },
    ],
  },
  {
    id: 'auto_renewal',
    read(ctx) {
      // The service's own rule before what a third party's billing does ("… cancel through such third party, … turning off auto-renew").
      const found = ctx
        .find(RENEWAL, TERMS)
        // (Payments you set up yourself — "You can make a one-off payment or set up a recurring payment" — renew nothing.)
        .filter(
          (l) =>
            !isDeniedBefore(l.clause.text, RENEWAL, 20) &&
            !/\b(?:set up|schedule|create) (?:a |an )?recurring (?:payments?|transfers?)\b/i.test(l.clause.text) &&
            // … nor a recurring payment that is no fee of the service ("You can cancel a payment (including a recurring payment …").
            (!/\brecurring (?:payments?|charges?)\b/i.test(l.clause.text) ||
              /\bsubscri|\bmembership|\bplan\b|\bfees?\b|\brenew/i.test(l.clause.text)),
        )
        .sort((a, b) => renewalRank(a.clause.text) - renewalRank(b.clause.text));
      return found.length > 0 ? ctx.answer('yes', found) : NOT_STATED;
    },
    examples: [
      {
        clause: 'A scheduled transfer, recurring payments included, can be cancelled until the day before it leaves your account.',
        document: 'terms',
        value: 'not_stated',
      },
      { clause: 'In the app you can pay a friend once or set up a recurring payment to them.', document: 'terms', value: 'not_stated' },
      { clause: 'Your subscription will automatically renew each month until you cancel.', document: 'terms', value: 'yes' },
      // However the renewal is put: a charge each period until you cancel.
      { clause: 'Paid plans are billed automatically at every monthly renewal until you cancel them.', document: 'terms', value: 'yes' },
      { clause: 'You allow us to charge your chosen payment method every month.', document: 'terms', value: 'yes' },
      { clause: 'You will continue to pay all fees of your plan until you terminate it.', document: 'terms', value: 'yes' },
      {
        clause:
          'Example may change the recurring subscription fees and will tell you about price changes in advance. Paid Subscriptions continue indefinitely until cancelled.',
        document: 'terms',
        value: 'yes',
        quote: 'Paid Subscriptions continue indefinitely until cancelled.',
      },
      {
        clause:
          'If you signed up using your account with a third party, you may need to cancel through that third party, for example by turning off auto-renew. Unless you cancel your subscription before your billing date, you authorize us to charge the subscription fee for the next billing cycle to your Payment Method.',
        document: 'terms',
        value: 'yes',
        quote:
          'Unless you cancel your subscription before your billing date, you authorize us to charge the subscription fee for the next billing cycle to your Payment Method.',
      },
    ],
  },
  {
    id: 'refunds',
    read(ctx) {
      const found = ctx.find(REFUND, TERMS);
      // (Losing the right to withdraw — "you therefore will lose any statutory rights you may have to withdraw and receive a
      // refund" — offers none.)
      // (Everyone's refund before one country's: "For subscribers residing in Argentina – … 10 days" is not the rule.)
      const partial = found
        .filter((l) => offersRefund(l.clause.text))
        .sort((a, b) => Number(scopeOf(a.clause) !== undefined) - Number(scopeOf(b.clause) !== undefined));
      if (partial.length > 0) return ctx.answer('partial', partial);
      // (A denial about one kind of balance only, "no refunds for expired credits", is no rule for what you pay.)
      const none = found.filter(
        (l) =>
          NO_REFUND.test(l.clause.text) &&
          !(
            /\b(?:credits?|gift cards?|tokens?|coins|wallet funds)\b/i.test(l.clause.text) &&
            !/\b(?:fees|payments|subscriptions?|purchases|amounts? paid|charges)\b/i.test(l.clause.text)
          ),
      );
      if (none.length > 0) return ctx.answer('no', none);
      return NOT_STATED;
    },
    examples: [
      {
        clause: 'Once the download starts, you give up the legal right to withdraw from the purchase and get a refund.',
        document: 'terms',
        value: 'not_stated',
      },
      { clause: 'All payments are non-refundable.', document: 'terms', value: 'no' },
      { clause: 'Payments are non-refundable, except where required by law.', document: 'terms', value: 'no' },
      { clause: 'Fees are non-refundable except as this Agreement otherwise provides.', document: 'terms', value: 'no' },
      { clause: 'Payments are non-refundable, except as described in the refund section below.', document: 'terms', value: 'partial' },
      // Denied offers offer nothing; the law's own rights kept are no offer of the service's.
      {
        clause: 'Plans cannot be cancelled and are non-pro-ratable for part of a month; all fees are non-refundable.',
        document: 'terms',
        value: 'no',
      },
      {
        clause: 'Fees are not refundable. Nothing here restricts any statutory withdrawal right of a consumer.',
        document: 'terms',
        value: 'no',
      },
      { clause: 'If we close your account, you shall receive no refund for unused time.', document: 'terms', value: 'no' },
      { clause: 'Credits that expire unused are not refunded in whole or in part.', document: 'terms', value: 'not_stated' },
      {
        clause:
          'Fees are non-refundable. Where mandatory consumer law applies, our liability is limited to a pro-rata refund of unused fees.',
        document: 'terms',
        value: 'no',
      },
      // A refund the service owes on a condition is some refund.
      {
        clause:
          'Paid fees are not refunded. However, if you cancel within seven days after a renewal and have not used the service since, you shall be refunded that renewal fee.',
        document: 'terms',
        value: 'partial',
      },
      // A store's refund is not the service's.
      {
        clause:
          'Fees are non-refundable. If the app does not work as promised, you may tell the App Store and the App Store will refund its price.',
        document: 'terms',
        value: 'no',
      },
      // An offer in the service's own words, however phrased.
      {
        clause:
          'Fees are non-refundable, except where the law requires. If we shut down a paid feature, we will tell you first and give you a refund for any prepaid time you have not used.',
        document: 'terms',
        value: 'partial',
      },
    ],
  },
];

/**
 * US-style dispute rules (an arbitration agreement) mark terms whose general rule is a named
 * court and law; without them, a consumer's-own-law clause is the general rule (EU terms).
 */
function hasUsDisputeRules(ctx: ReadContext): boolean {
  return ctx.find(ARBITRATION, TERMS).length > 0;
}

/** A consumer-local phrase as an answer: "that country" (of main residence) → "country of residence". */
function localPlace(phrase: string, kind: 'laws' | 'courts'): string {
  if (/^that country$/i.test(phrase) || (/country/i.test(phrase) && /residen|reside|\blive\b/i.test(phrase))) return 'country of residence';
  return /^your (?:country|residence)/i.test(phrase) ? `${kind} of ${phrase}` : phrase;
}

/** The place of a governing-law clause: a US state before its country ("federal laws of the United States and the laws of California"). */
function lawPlace(text: string): string | undefined {
  const places: string[] = [];
  for (const m of text.matchAll(LAW_PLACE)) {
    const adjective = m[2] ?? m[3];
    const place = m[1] ?? (adjective ? (LAW_ADJECTIVES[adjective] ?? adjective) : undefined);
    if (place && !/^(?:Your|Our|These|This|Any|Such|That|The)\b/.test(place)) places.push(place.replace(/[,.]$/, ''));
  }
  return places.find((p) => !/^United States/.test(p)) ?? places[0];
}

/** An amount you paid that a cap counts: "any amount you paid Reddit", "fees received by Coursera from you", "compensation you pay". */
const PAID_AMOUNT = /\b(?:amounts?|fees?|compensation|sums?|price)\b[^.;]{0,80}?\b(?:paid|pay|received|charged)\b/i;

/** What a liability cap counts (structured, so every sentence is written from it): a fixed amount, what you paid (in how many months), both, or foreseeable damage. */
function capOf(text: string, usd: number | undefined): Pick<FactAnswer, 'cap' | 'paid_months'> | undefined {
  const paid = PAID_AMOUNT.exec(text);
  const window = paid ? durationsIn(text.slice(paid.index, paid.index + 300)).find((d) => d.days >= 30 && d.days <= 730) : undefined;
  const paid_months = window ? (window.days % 365 === 0 ? (window.days / 365) * 12 : Math.round(window.days / 30)) : undefined;
  const months = paid_months ? { paid_months } : {};
  if (paid && usd !== undefined) {
    const rule = /\bgreater of\b|\bwhichever is (?:the )?greater\b/i.test(text)
      ? 'greater'
      : /\blesser of\b|\bwhichever is (?:the )?(?:less|lesser|smaller)\b/i.test(text)
        ? 'lesser'
        : 'either';
    return { cap: rule, ...months };
  }
  // (… the greater or lesser of it and an amount in another currency or measure: "or 100 EUROS", "and the fees of a single term".)
  const other = /\bgreater of\b/i.test(text) ? 'greater' : /\blesser of\b/i.test(text) ? 'lesser' : undefined;
  if (paid) return { cap: other ?? 'paid', ...months };
  if (usd !== undefined) return { cap: 'fixed' };
  return /\bforeseeable\b/i.test(text) ? { cap: 'foreseeable' } : undefined;
}

/** A higher age the same rule gives under European law: "or 16 years old under European Union law". */
const UNDER_EU_LAW = /\b(1[3-9]) years? (?:old|of age) under (?:the )?(?:European Union|EU|EEA|European) law\b/i;

/** Age rules that are about who may use the service, not about notice periods or ads. */
function serviceOnlyAges(found: Located[]): Located[] {
  return found.filter(
    (l) =>
      // ("To use our service, you must be at least 18 years old or the age of majority … if that happens to be greater" is the
      // rule with its local exception; the age to create an account, where younger users may use the service otherwise, is not.)
      !(
        /\bage of majority\b/i.test(l.clause.text) &&
        (!/\b(?:at least|must be) (?:\d{2}|eighteen|thirteen|sixteen)\b/i.test(l.clause.text) ||
          /\bto create\b[^.]{0,40}\baccount\b/i.test(l.clause.text))
      ) &&
      !/\b(?:features?|to view|mature|certain content|between the ages?)\b|\b\d{1,3}\s*(?:days|weeks|months|hours|minutes)\b|\bto use (?:(?:certain|some|specific|particular|our) )?(?:[\w-]+ ){0,2}(?:services|products) (?:provided|offered|operated) by\b/i.test(
        l.clause.text,
      ) &&
      // The age to buy one kind of goods ("By ordering alcohol, you confirm … legal drinking age: 21+") is not the age to use the service.
      !RESTRICTED_GOODS.test(`${leadInOf(l)} ${l.clause.text}`) &&
      // … nor the age of people you give information about ("You may not provide Personal Information about children under the age of 18").
      !ABOUT_OTHERS.test(l.clause.text) &&
      lowestAge(l.clause.text) !== undefined,
  );
}
const ABOUT_OTHERS =
  /\b(?:information|data) (?:about|of|regarding) (?:children|minors|persons|people|anyone|individuals)\b|\b(?:images?|pictures?|photos?|videos?|likeness|depict\w*|identif\w*|portray\w*)\b[^.]{0,80}\b(?:individuals?|persons?|people|anyone|children|minors?)\b[^.]{0,60}\b(?:under|below) the age of\b/i;
const RESTRICTED_GOODS =
  /\b(?:alcohol\w*|drinking age|tobacco|cigarettes?|vap(?:e|ing)|cannabis|gambling|betting|lotter(?:y|ies)|firearms?)\b/i;

/** The lowest age a who-may-use clause names ("18 or older, or 13 or older with a parent's consent" → 13). */
function lowestAge(text: string): number | undefined {
  const found = [
    ...text.matchAll(
      /\b(?:at least|under|over|older than|younger than|age of|aged|must be(?= \d{2}(?:[,;)]| or\b)))\s*(?:the age of\s*)?(\d{2})\b|\b(\d{2})\s*(?:years|\+|or older|and older|or over)/gi,
    ),
  ]
    .map((m) => ({
      age: Number(m[1] ?? m[2]),
      // (The younger users a parent's approval lets in are the exception to the rule's age, not a lower minimum: "at
      // least 18 (or, if you are younger than 16 …, with a parent's approval)".)
      exception:
        /\b(?:under|younger than)\s*(?:the age of\s*)?\d{2}\b/i.test(text.slice(Math.max(0, m.index - 20), m.index + m[0].length)) &&
        /\b(?:parent|guardian)/i.test(text.slice(m.index, m.index + 200)),
    }))
    .filter(({ age }) => age >= 12 && age <= 21);
  const rule = found.some((f) => !f.exception) ? found.filter((f) => !f.exception) : found;
  return rule.length > 0 ? Math.min(...rule.map((f) => f.age)) : findAge(text);
}

/** The place of a "how": a setting path, an address or a web page named in the clause. */
function howOf(found: Located[]): { how?: string } {
  // Each clause, and the one after it where that one points back to it ("If you wish to do any of these things, write to …").
  const next = (l: Located) => l.document.clauses[l.index + 1];
  for (const l of found) {
    const after = next(l);
    const text = after && POINTS_BACK.test(after.text) ? `${l.clause.text} ${after.text}` : l.clause.text;
    const how =
      findEmail(text) ??
      findWebAddress(text) ??
      /\b(?:Settings?|Account Center|Privacy Center)(?:\s*[>›→]\s*[\w ]+)+/.exec(text)?.[0] ??
      // … or the page its words link to ("please visit [here](https://…/privacy/data)").
      l.clause.links?.find(
        (link) => /^https?:/.test(link.href) && /\b(?:here|this (?:page|link|form)|visit)\b/i.test(`${link.text} ${text}`),
      )?.href;
    if (how) return { how: how.trim() };
  }
  return {};
}

/** A clause in a part or section written for children ("For Children", "Children under 13"). */
function isForChildren(l: Located): boolean {
  return [l.clause.heading, ...(l.clause.parts ?? [])].some((h) => /\b(?:children|child|minors?|kids|teens?|younger users)\b/i.test(h));
}

function scopeField(l: Located): { scope?: string } {
  const scope = scopeOf(l.clause);
  return scope ? { scope } : {};
}

/**
 * The words a clause must have to bear on a question it does not answer plainly: a "not stated"
 * answer shows such clauses as related (its reader's searches are broader than the topic).
 */
export const BEARS_ON: Record<ScoredFactId, RegExp> = {
  sells_data: /\b(?:sell|sells|selling|sale|sold|rent)\b/i,
  targeted_ads: /\b(?:ads|advertis\w*)\b/i,
  cross_site_tracking: /\b(?:cookies?|pixels?|track\w*|other (?:websites|sites|apps))\b/i,
  third_party_data: /\bfrom (?:third[- ]part\w+|partners?|other sources|advertisers)\b/i,
  ai_training: /\b(?:train\w*|artificial intelligence|AI|machine[- ]learning|models?)\b/,
  precise_location: /\b(?:location|geolocation|GPS)\b/i,
  biometrics: /\b(?:biometric\w*|face|facial|fingerprints?|voiceprints?)\b/i,
  message_content: /\b(?:messages?|communications?|chats?|e-?mails? you send)\b/i,
  retention:
    /\b(?:retain\w*|retention|keep|kept|stor(?:e|ed|age) (?:your|personal|it|them)\b[^.]{0,40}\b(?:for|until|as long)|delet\w* (?:after|within))/i,
  account_deletion: /\bdelet\w*\b[^.]{0,40}\baccount\b|\baccount\b[^.]{0,40}\bdelet\w*/i,
  data_export: /\b(?:copy of|export|download|portab\w*)\b/i,
  privacy_contact: /\b(?:contact|write to|email|e-mail|data protection officer|DPO)\b/i,
  law_enforcement_notice:
    /\b(?:law enforcement|subpoena|court order|legal (?:process|requests?)|government\w* (?:requests?|authorit\w*))\b/i,
  breach_notice: /\b(?:breach|security incident|unauthori[sz]ed access)\b/i,
  international_transfer: /\b(?:transfer\w*|outside (?:your|the) (?:country|EEA)|other countries|abroad)\b/i,
  min_age: /\b(?:age|years old|minors?|children|under (?:the age|1\d))\b/i,
  governing_law: /\b(?:governed by|laws? of)\b/i,
  courts: /\b(?:courts?|jurisdiction|venue)\b/i,
  arbitration: /\barbitrat\w*/i,
  class_action_waiver: /\bclass[- ]action|\bclass,? (?:collective|consolidated)|\brepresentative (?:action|proceeding)/i,
  content_licence: /\b(?:licen[cs]e|right to use)\b[^.]{0,80}\b(?:content|posts?|uploads?|submissions?)\b/i,
  moral_rights_waiver: /\bmoral rights\b/i,
  terms_change_notice: /\b(?:chang|modif|amend|updat|revis)\w*\b[^.]{0,40}\b(?:terms|agreement)\b/i,
  termination_without_notice: /\b(?:suspend|terminat|disabl|clos)\w*\b[^.]{0,40}\baccount/i,
  liability_cap: /\bliab(?:le|ility)\b/i,
  indemnity: /\bindemni\w*|\bhold (?:us )?harmless\b/i,
  claim_time_limit: /\b(?:claims?|cause of action)\b[^.]{0,80}\bwithin\b/i,
  auto_renewal: /\b(?:renew\w*|recurring)\b/i,
  refunds: /\brefund\w*/i,
};
