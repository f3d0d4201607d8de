/**
 * The applicant's link and other mail in Finnish. applicantMailTexts.ts has the others, and
 * checks these against its ApplicantTexts where it takes them in (no import back: no cycle).
 */
export const applicantTextsFi = {
  link: {
    intro:
      'Henkilökohtaisella linkilläsi voit katsoa lähettämäsi tiedot, korjata niitä, ladata ne ' +
      'tai perua ilmoittautumisesi:',
    validity: (days: number) =>
      `Linkki toimii ${days} päivää. Se on henkilökohtainen, joten älä jaa sitä kenellekään. ` +
      'Ennen kuin tietosi näytetään, pyydämme sinulta syntymäaikasi.',
  },
  request: {
    answerBy: (day: string) => `Vastaa viimeistään ${day} henkilökohtaisen linkkisi kautta:`,
  },
  contact: 'Kysyttävää? Kirjoita hakijapalveluihin osoitteeseen',
  signOff: 'Ystävällisin terveisin',
  correctedFields: (labels: string) => `Korjatut tiedot: ${labels}.`,
  registerAgain:
    'Jos haluat kuitenkin opiskella koulutusohjelmassa, voit ilmoittautua uudelleen ' +
    'ilmoittautumislomakkeella niin kauan kuin ilmoittautumisaika on käynnissä.',
  mail: {
    link: {
      subject: (institution: string) => `Uusi linkki ilmoittautumiseesi (${institution})`,
      paragraphs: [
        'Pyysit uutta linkkiä ilmoittautumiseesi. Tässä se on:',
        'Aiemmin saamasi linkit eivät enää toimi. Jos et pyytänyt uutta linkkiä, sinun ei ' +
          'tarvitse tehdä mitään.',
      ],
    },
    updated: {
      subject: (institution: string) => `Ilmoittautumisesi tietoja on korjattu (${institution})`,
      paragraphs: [
        'Ilmoittautumisesi tietoja on korjattu henkilökohtaisen linkkisi kautta.',
        'Jos et itse korjannut niitä, ota heti yhteyttä hakijapalveluihin ja kerro viitekoodi.',
      ],
    },
    withdrawn: {
      subject: (institution: string) => `Ilmoittautumisesi on peruttu (${institution})`,
      paragraphs: [
        'Olet perunut ilmoittautumisesi, ja olemme poistaneet tietosi.',
        'Jos et itse perunut ilmoittautumista, sitä ei voi palauttaa. Ota kuitenkin yhteyttä ' +
          'hakijapalveluihin ja kerro viitekoodi: autamme sinua ilmoittautumaan uudelleen ja ' +
          'selvitämme, kuka ilmoittautumisen perui.',
      ],
    },
    request: {
      subject: (institution: string) => `Tarvitsemme tietoja ilmoittautumiseesi (${institution})`,
      paragraphs: [
        'Hakijapalvelut tarvitsevat lisätietoja ilmoittautumisestasi. Viestimme sinulle:',
        'Kun olet korjannut tai vahvistanut tiedot linkin kautta, näemme vastauksesi. Tietoja ' +
          'ei tarvitse lähettää sähköpostilla.',
      ],
    },
    'request-reminder': {
      subject: (institution: string) =>
        `Muistutus: tarvitsemme tietoja ilmoittautumiseesi (${institution})`,
      paragraphs: [
        'Muistutamme, että hakijapalvelut tarvitsevat vielä lisätietoja ilmoittautumisestasi. ' +
          'Viestimme sinulle:',
        'Kun olet korjannut tai vahvistanut tiedot linkin kautta, näemme vastauksesi. Aiemmin ' +
          'saamasi linkit eivät enää toimi.',
      ],
    },
    'request-withdrawn': {
      subject: (institution: string) => `Tietopyyntömme on peruttu (${institution})`,
      paragraphs: [
        'Hakijapalvelut ovat peruneet ilmoittautumistasi koskevan tietopyynnön, joten sinun ei ' +
          'tarvitse enää vastata siihen.',
      ],
    },
  },
};
