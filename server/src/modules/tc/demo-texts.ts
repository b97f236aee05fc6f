/** The demo installation's terms of use and privacy notice (version 1), in French and English, in the texts' markdown-like syntax. */
export const DEMO_TERMS = {
  termsFr: `# Conditions générales d'utilisation de Vigie

## 1. Objet
Les présentes conditions encadrent l'utilisation de l'application **Vigie** par les collaborateurs des clients de l'opérateur et par leurs intervenants.

## 2. Accès au service
- L'accès est personnel : chaque compte est attribué à une personne nommée.
- Le mot de passe est confidentiel ; toute utilisation du compte est réputée faite par son titulaire.
- L'administrateur du secteur attribue et retire les droits.

## 3. Utilisation hors ligne
Les saisies faites hors connexion sont conservées sur l'appareil puis envoyées au retour du réseau. L'utilisateur veille à se reconnecter régulièrement.

## 4. Responsabilités
L'opérateur assure la disponibilité du service dans les conditions du contrat. Les informations saisies relèvent de la responsabilité du client.

## 5. Évolution des conditions
Toute nouvelle version est présentée à la connexion suivante et doit être acceptée pour continuer.`,
  termsEn: `# Vigie terms of use

## 1. Purpose
These terms govern the use of the **Vigie** application by the staff of the operator's clients and by their contractors.

## 2. Access
- Access is personal: each account belongs to one named person.
- The password is confidential; any use of the account is deemed to be its holder's.
- The district administrator grants and removes rights.

## 3. Offline use
What is entered offline is kept on the device and sent when the network is back. Users should reconnect regularly.

## 4. Liability
The operator keeps the service available as the contract states. The client is responsible for the information entered.

## 5. Changes
Any new version is shown at the next sign-in and must be accepted to go on.`,
  privacyFr: `# Politique de confidentialité

## Données traitées
- Identité professionnelle : adresse e-mail, droits, secteurs.
- Journal de connexion : date, adresse IP, appareil.
- Contenus saisis : déclarations, contrôles, photos et documents.

## Finalités
Gestion des sites et de la sécurité, traçabilité des actes administratifs, assistance.

## Durée de conservation
Les données sont conservées pendant la durée du contrat, puis supprimées ou anonymisées dans un délai de 3 mois.

## Vos droits
Vous pouvez consulter et exporter vos données personnelles depuis l'application, et demander leur rectification ou leur effacement à votre administrateur ou à **dpo@vigie.example**.`,
  privacyEn: `# Privacy notice

## Data processed
- Professional identity: e-mail address, rights, districts.
- Sign-in log: date, IP address, device.
- Content entered: reports, inspections, photos and documents.

## Purposes
Managing sites and safety, tracing administrative acts, support.

## Retention
Data is kept for the duration of the contract, then deleted or anonymised within 3 months.

## Your rights
You can read and export your personal data from the application, and ask your administrator or **dpo@vigie.example** to correct or erase it.`,
};
