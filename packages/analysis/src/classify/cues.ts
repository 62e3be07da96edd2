import type { ClaudetteLabel } from './taxonomy';

/**
 * Hand-written cues for the eight CLAUDETTE categories, after the CLAUDETTE annotation
 * guidelines (Lippi et al. 2019): each cue is one legal construction that marks a clause as
 * potentially unfair ("pos") or as the fair variant of the same clause ("fair", e.g. courts of
 * the consumer's residence). They are features of the learned model, which weighs them
 * against the words; they are not decisions on their own.
 *
 * A label's cues are tried only when its gate matches, which keeps the cost per sentence low.
 */
interface CueSet {
  gate: RegExp;
  cues: ReadonlyArray<readonly [name: string, pattern: RegExp]>;
}

const MODAL = String.raw`(?:may|can|might|will|shall|reserves?(?: the)? right to|(?:is|are) entitled to|has the right to|at (?:its|our) (?:sole |absolute )?discretion)`;
const CONSUMER_HOME = String.raw`(?:where you (?:live|reside)|your (?:home|local) (?:courts?|jurisdiction)|(?:country|county|state|place|member state) (?:of|in which|where) (?:your |you )?(?:main |habitual |primary )?(?:residence|domicile|reside|live|are domiciled)|habitual(?:ly)? resid|domicile|home courts)`;

export const CUE_SETS: Record<ClaudetteLabel, CueSet> = {
  arbitration: {
    gate: /arbitra|\bAAA\b|\bJAMS\b|\bICC\b/i,
    cues: [
      [
        'arb_binding',
        /(?:binding|exclusively|finally|mandatory)\W+(?:\w+\W+){0,3}arbitration|arbitration\W+(?:\w+\W+){0,4}(?:final and binding|exclusively)/i,
      ],
      ['arb_agree', /\bagree\w*\b.{0,30}\b(?:to (?:arbitrate|resolve|submit)|that any)\b/i],
      ['arb_scope', /\b(?:any|all)\b.{0,20}\b(?:disputes?|claims?|controvers\w+)\b/i],
      ['arb_resolved', /\b(?:shall|will|must) be (?:determined|resolved|settled|submitted|referred)\b.{0,60}\barbitra/i],
      [
        'arb_place',
        /\barbitration\b.{0,40}\b(?:take place|be (?:conducted|initiated|held)|occur)\b.{0,10}\bin (?:the )?(?:[A-Z][a-z]+|county of|state of)/,
      ],
      ['arb_rules', /\b(?:AAA|JAMS|ICC|American Arbitration Association)\b.{0,80}\brules\b|\brules of (?:the )?(?:ICC|AAA|JAMS)/i],
      ['arb_exclusive_power', /\barbitrator\b.{0,30}\bexclusive (?:authority|power)/i],
      ['fair_arb_home', new RegExp(CONSUMER_HOME + String.raw`|convenient (?:for|to) you`, 'i')],
      ['fair_arb_optional', /\bopt[- ]?out\b|\bmay (?:choose|elect) (?:to )?(?:arbitrat|whether)/i],
      [
        'neg_arb_conditional',
        /\b(?:if|unless|in the event)\b.{0,80}\b(?:unenforceable|not apply|invalid|is found|rather than|not arbitrable)/i,
      ],
      ['neg_arb_costs', /\b(?:fees?|costs?|expenses|reimburse|award)\b/i],
    ],
  },
  jurisdiction: {
    gate: /court|jurisdiction|venue|forum|tribunal|proceedings|litigat/i,
    cues: [
      [
        'jur_exclusive',
        /\bexclusive(?:ly)?\b.{0,40}\b(?:jurisdiction|courts?|venue|forum)|\b(?:sole|exclusive) (?:place|court) of jurisdiction/i,
      ],
      ['jur_personal', /\b(?:personal|non-exclusive)\s+jurisdiction\b|\bsubmit\w*\b.{0,40}\bjurisdiction\b/i],
      [
        'jur_courts_place',
        /\b(?:courts?|tribunals?|venue)\b.{0,30}\b(?:of|in|at|within|located in)\s+(?:the\s+)?(?:(?:state|county|district|city|province|republic|federal|borough) of\s+)?[A-Z][a-z]+/,
      ],
      ['jur_district_court', /\bDistrict Court\b|\b(?:state|federal) (?:or|and) (?:state|federal) courts?\b/i],
      ['jur_brought', /\b(?:brought|heard|resolved|litigated|filed|commenced)\b.{0,40}\b(?:in|before)\b.{0,20}\bcourts?\b/i],
      [
        'fair_jur_home',
        new RegExp(CONSUMER_HOME + String.raw`|consumer protection|mandatory (?:provisions|law)|small claims court in your`, 'i'),
      ],
      ['neg_jur_arbitration', /arbitra/i],
    ],
  },
  choice_of_law: {
    gate: /\blaws?\b|governed|governing/i,
    cues: [
      ['law_governed', /\bgoverned\b.{0,40}\b(?:by|under|in accordance with)\b.{0,40}\blaws?\b/i],
      ['law_of_place', /\blaws? of (?:the )?(?:state of |province of |republic of )?[A-Z][a-z]+/],
      ['law_apply', /\blaws?\b.{0,60}\b(?:shall|will|to) (?:apply|govern)|\b(?:governing|applicable) law\b/i],
      ['law_named', /\b(?:[A-Z][a-z]+|English|Irish|Swiss|Austrian|German|Swedish|Dutch|Luxembourg) law\b(?! enforcement)/],
      ['law_conflict', /\b(?:conflicts?|choice) of laws?\b|without regard to\b.{0,30}\bconflict/i],
      ['fair_law_home', new RegExp(CONSUMER_HOME + String.raw`|mandatory (?:consumer|provisions|law|protection)|consumer protection`, 'i')],
      ['neg_law_comply', /\bcomply\b.{0,40}\blaws?\b|\bapplicable laws?\b(?!.{0,20}\bgovern)|\bpermitted by (?:applicable )?law\b/i],
    ],
  },
  limitation_of_liability: {
    gate: /liab|responsib|damage|loss|warrant|as is|as available|risk|guarantee|indemn/i,
    cues: [
      [
        'ltd_not_liable',
        /\b(?:not|never|no|nor|in no event|under no circumstances)\b.{0,60}\b(?:liable|responsible|liability|responsibility)\b/i,
      ],
      [
        'ltd_damages',
        /\b(?:indirect|incidental|consequential|special|punitive|exemplary)\b.{0,40}\bdamages?\b|\b(?:lost|loss of) (?:profits?|revenues?|data|goodwill)\b/i,
      ],
      [
        'ltd_cap',
        /\b(?:liabilit\w+|liable)\b.{0,120}\b(?:limited to|shall not exceed|will not exceed|exceed the (?:greater|lesser|amount)|aggregate|in excess of)\b/i,
      ],
      ['ltd_disclaim', /\bas[- ]is\b|\bas[- ]available\b|\bdisclaim\w*\b|\bwithout (?:any )?warrant/i],
      ['ltd_risk', /\b(?:at|is) (?:your|their) (?:own|sole) risk\b|\bsole (?:and exclusive )?remedy\b/i],
      ['ltd_no_guarantee', /\b(?:do(?:es)? not|cannot|can't|make no|makes no)\b.{0,20}\b(?:guarantee|warrant|represent|promise)/i],
      ['ltd_third_party', /\bthird[- ]part(?:y|ies)\b/i],
      [
        'fair_ltd_carveout',
        /\bgross(?:ly)? negligen|\bwil(?:l)?ful\b|\bintent(?:ional)?\b|\bdeath or personal injury\b|\bfraud\w*\b|\bnothing in (?:these|this)\b.{0,60}\b(?:limit|exclude)/i,
      ],
    ],
  },
  unilateral_termination: {
    gate: /terminat|suspen|disabl|deactivat|cancel|block|ban\b|banned|close|revok|discontinu|stop|restrict|refuse|deny|lock|expire|forfeit|delete|remov/i,
    cues: [
      [
        'ter_may_cut',
        new RegExp(
          MODAL +
            String.raw`\b.{0,80}\b(?:terminat\w*|suspend\w*|disabl\w*|deactivat\w*|cancel\w*|block\w*|ban|clos\w*|revok\w*|discontinu\w*|stop\w*|restrict\w*|refus\w*|deny|lock\w*|delet\w*|remov\w*)\b`,
          'i',
        ),
      ],
      [
        'ter_object',
        /\b(?:your|user|users'?|the)\s+(?:\w+\s+)?(?:accounts?|access|membership|subscriptions?|licen[cs]es?|use of|right to use|services?|profile|channel)\b/i,
      ],
      [
        'ter_any_time',
        /\bat any time\b|\bwithout (?:prior )?notice\b|\bfor any reason\b|\b(?:sole|absolute) discretion\b|\bwith or without (?:cause|notice)\b/i,
      ],
      ['ter_license_ends', /\b(?:licen[cs]e|agreement|right)\b.{0,40}\b(?:will|shall)? ?(?:automatically )?terminat/i],
      [
        'ter_breach_if',
        /^\W*(?:\(?[a-z0-9ivx]{1,4}[.)]\s*)?(?:if|where|when|in case|in the event|due to|to (?:protect|limit|comply)|in response)\b/i,
      ],
      ['ter_inactive', /\binactiv/i],
      ['fair_ter_user', /\byou (?:may|can|are entitled to|have the right to)\b.{0,30}\b(?:terminat|cancel|close|delet)/i],
    ],
  },
  unilateral_change: {
    gate: /chang|modif|amend|updat|revis|alter|replac|add or remove|vary/i,
    cues: [
      [
        'ch_may_change',
        new RegExp(
          MODAL + String.raw`\b.{0,80}\b(?:chang\w*|modif\w*|amend\w*|updat\w*|revis\w*|alter\w*|replac\w*|add or remove|vary|varying)\b`,
          'i',
        ),
      ],
      ['ch_object', /\b(?:these|the|this|our)\s+(?:terms|agreements?|conditions|policy|policies|prices?|fees|features|services?|t&cs)\b/i],
      ['ch_any_time', /\bat any time\b|\bfrom time to time\b|\bwithout (?:prior )?notice\b|\b(?:sole|absolute) discretion\b/i],
      [
        'ch_posting',
        /\b(?:post\w*|publish\w*)\b.{0,60}\b(?:revised|updated|new|amended|changes?)\b|\beffective (?:date|immediately|upon)/i,
      ],
      ['ch_continued_use', /\bcontinu\w*\b.{0,20}\b(?:use|access)\b.{0,80}\b(?:constitut|mean|deem|accept|agree|bound)/i],
      ['fair_ch_user_exit', /\b(?:you|user) (?:may|can|have the right to|are entitled to)\b.{0,30}\b(?:terminat|cancel|close|object)/i],
    ],
  },
  content_removal: {
    gate: /remov|delet|disabl|block|refus|edit|take down|filter|screen|reject/i,
    cues: [
      [
        'cr_may_remove',
        new RegExp(
          MODAL +
            String.raw`\b.{0,80}\b(?:remov\w*|delet\w*|disabl\w*|block\w*|refus\w*|edit\w*|take down|filter\w*|screen\w*|reject\w*)\b`,
          'i',
        ),
      ],
      [
        'cr_object',
        /\b(?:content|materials?|posts?|postings?|comments?|ugc|uploads?|submissions?|reviews?|information|videos?|photos?)\b/i,
      ],
      [
        'cr_any_time',
        /\bat any time\b|\bwithout (?:prior )?notice\b|\bfor any reason\b|\b(?:sole|absolute) discretion\b|\bwithout liability\b/i,
      ],
      ['fair_cr_you', /\byou (?:may|can)\b.{0,20}\b(?:remove|delete)\b/i],
    ],
  },
  contract_by_using: {
    gate: /\b(?:using|use|access|accessing|visit|brows|continu|install|download|register|sign)/i,
    cues: [
      [
        'use_by_using',
        /\bby (?:(?:simply|merely|otherwise)\s+)?(?:using|accessing|visiting|browsing|registering|downloading|installing|creating|signing up|continuing|clicking|placing|shopping|making|purchasing)\b.{0,160}\b(?:agree|accept|consent|bound|acknowledge|signif|represent)/i,
      ],
      [
        'use_constitutes',
        /\b(?:use|access|using|accessing)\b.{0,80}\b(?:constitutes?|signif(?:y|ies)|indicates?|means|deemed|will be deemed|confirms?)\b.{0,60}\b(?:accept|agree|consent|bound)/i,
      ],
      ['use_continued', /\bcontinu\w*\b.{0,10}\b(?:to )?(?:use|access)\b|\bcontinued (?:use|access)\b/i],
      [
        'use_if_not_agree',
        /\bif you do not (?:agree|accept)\b.{0,100}\b(?:do not|don't|must not|may not|stop|cease|not)\b.{0,10}\b(?:use|access)/i,
      ],
      ['use_agree_terms', /\b(?:agree|accept)\w*\b.{0,30}\b(?:these|the|our|this)\s+(?:terms|agreement|conditions|policy|t&cs)\b/i],
    ],
  },
};

const ARBITRATION_COMMITMENT = ['arb_binding', 'arb_resolved', 'arb_place', 'arb_exclusive_power'];

/**
 * Names of the cues that match the sentence, over all eight labels, plus "arb_main": a
 * sentence that commits the user to arbitration, with no fair or conditional cue.
 */
export function matchCues(sentence: string): string[] {
  const names: string[] = [];
  for (const set of Object.values(CUE_SETS)) {
    if (!set.gate.test(sentence)) continue;
    for (const [name, pattern] of set.cues) if (pattern.test(sentence)) names.push(name);
  }
  const commits = ARBITRATION_COMMITMENT.some((cue) => names.includes(cue)) || (names.includes('arb_agree') && names.includes('arb_scope'));
  if (commits && sentence.length >= 50 && !names.some((cue) => /^(?:fair|neg)_arb/.test(cue))) names.push('arb_main');
  return names;
}
