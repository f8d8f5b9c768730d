"""The domains a question may name, in words written by hand (not tuned): what a question says (`asked`) is narrower
than what an abstract may say of the same domain (`held`: "stereo" or "depth" for a question's "3D"). domains.py
decides with them whether a paper works in the domain a question asks about."""

from __future__ import annotations

import re

from rag.answer.domain_pattern import Domain, hyphen_or_space, make_domain
from rag.answer.task_words import TASK_DOMAINS


# the words of an abstract or question on pictures, sounds or scenes rather than text alone
_PICTURES = (r"\b(?:videos?|images?|visual|visually|visuals|vision|frames|clips?|pixels?|multimodal|MLLMs?|VLMs?|VDMs?|"
             r"audio|speech|3D|scenes?|point clouds?)\b")


# what is made of a video rather than a video made: captions, answers, narration, commentary, embeddings ("generating
# video narration" is no video generation: second review; read set BB, bb037)
_OF_VIDEO = (r"(?:captions?|captioning|descri\w*|questions?|answers?|summar\w*|QA\b|understanding|narrat\w*|comment\w*|"
             r"embeddings?|grounded|grounding|texts?\b|retrieval)")
# how a thing seems after "sounds", no sound ("sounds cool": a second review of session 44 was told FlowNar "does not
# report anything on sounds")
_SEEMS = (r"(?:similar|good|right|off|interesting|promising|plausible|great|familiar|cool|neat|dope|nice|awesome|amazing|"
          r"fun|wild|useful|impressive|solid|legit|clever|smart|exciting|complicated|simple|fancy)")
_DATA_DOMAINS = (
    # ("upi sounds like YaRN …" says how it seems, no sound: read set CQ, session 33; "what a video sounds like?" asks
    # the sound, second review)
    make_domain("audio", rf"\b(?:audio|speech|sounds?(?!\s+(?:like|as\s+if)\s+\w)(?!\s+{_SEEMS}\b)|music|musical|voices?|"
                       r"spoken|acoustic|text-to-speech|TTS|speakers?)\b",
            r"\baudio-visual|\baudiovisual|\bASR\b|\blistening\b|\bauditory\b|\butterances?\b"),  # (DramaSR's: probe qp046)
    # ... and audio with the pictures of a video, asked of a list: every paper bringing sound in is kept, whatever else
    # the topic says (dev: 30 such lists missed one of the three papers or abstained; audio alone kept so answered 20
    # out-of-scope lists on speech and music models, so sound must be asked beside the video; not hate speech, nor
    # audio with no video; with half the topic's other words, 15 of the 30 lists lost a paper again)
    # (the words bringing it in and the stream it comes with are the domain's: they leave nothing more asked)
    make_domain("audio with video", r"\baudio-?visual\b|\baudiovisual\b|"
                r"\b(?:(?:bring|feed|tak|us|combin|incorporat|integrat|add|mak)\w*\s+(?:use\s+of\s+)?(?:in\s+)?(?:the\s+)?)?"
                rf"(?<!hate )(?<!no )(?<!any )(?:audio|sounds?(?!\s+(?:like|as\s+if|{_SEEMS})\b)|speech|soundtracks?|"
                r"spoken\s+dialogue)(?:\s+tracks?)?\b"
                r"(?![^.?!;]{0,40}?\b(?:no|without|instead\s+of|not)\s+(?:any\s+)?(?:the\s+)?(?:video|visual|frames|pictures))"
                r"[^.?!;]{0,40}?\b(?:video|videos|visual|frames|pictures?|footage|screen|images?)\b"
                r"(?:\s+(?:streams?|signals?|inputs?|tracks?|modalit(?:y|ies)|cues|models?))?|"
                r"\b(?:video|videos|visual|frames|pictures?|footage|screen|image)\b[^.?!;]{0,40}?\b(?<!no )(?<!any )(?:audio|soundtracks?|sounds?)\b"
                r"(?!\s+(?:quality|compression|codecs?|bit-?rates?|streams?|like|as\s+if|good|right))",
                r"\baudio|\bspeech\b|\bspeakers?\b|\bacoustic\b|\bsound", synonyms=True, keeps_all=0.0, lists_only=True,
                # (not sound made or predicted for the video, audio generation's: "generate sounds for silent videos"; nor
                # videos with no sound; nor an audio-visual task of its own, which a paper merely hearing the video does
                # not do: "localize the source of a sound", "audio-visual saliency", "lip movements": second review)
                unless=r"\b(?:generat|synthesi[sz]|predict|produc|creat|compos|add)\w*\s+(?:[\w-]+\s+){0,4}?(?:audio|sounds?|"
                       r"speech|music|soundtracks?)\b|\b(?:no|without(?:\s+any)?|silent|mute[sd]?)\s+(?:sound|audio|soundtracks?)\b|"
                       r"\b(?:locali[sz]\w*|separat\w*|saliency|sentiment|lips?|segment\w*|retriev\w*|transcri\w*|quality|"
                       r"imbalanc\w*|captions?|captioning|contrastive|representation\s+learning|figures?\s+of\s+speech)\b",
                # (a paper writing video too: in a medical collection "speech" is a therapist's, and "video" is the
                # collection's subject no longer, so nothing else asks it: PubMedQA's index listed nine such abstracts)
                keeps=r"(?s)(?=.*\b(?:videos?|audio-?visual|audiovisual)\b).*?(?:\baudio|\bspeech\b|\bspeakers?\b|\bacoustic\b)"),
    make_domain("graphs", r"\bgraph neural networks?\b|\bGNNs?\b|\bnode classification\b|\blink prediction\b",
            r"\bgraphs?\b"),
    make_domain("molecules", r"\b(?:molecul\w*|proteins?|DNA|RNA|genom\w*|genes?|drugs?|chemi\w*|enzymes?)\b"),
    # (an agent of its own is no robot: Video-MTR's "agent … selects key segments", a second review of session 43)
    make_domain("robots", r"\b(?:robot\w*|grasp\w*|embodied|drones?|UAVs?|SLAM)\b",
                r"\bmanipulation\b|\b(?:embodied|physical|mobile|autonomous)\s+agents?\b"),
    # road traffic, not air or network traffic (SciFact claims on dengue spread by air traffic)
    make_domain("driving", r"\b(?:driving|self-driving|autonomous vehicles?|LiDAR|road traffic|"
                       r"traffic (?:scenes?|signs?|lights?|flow|forecasting)|"
                       # ... and its accidents and cameras ("anomaly detection for traffic accident videos": qr098)
                       r"(?:traffic|road|car) (?:accidents?|crash(?:es)?|collisions?|videos?|footage|cameras?)|car crash(?:es)?)\b",
                r"\btraffic\b"),
    make_domain("time series", r"\btime[- ]series\b|\bforecast\w*\b"),
    make_domain("medicine", r"\b(?:medical|medicine|clinical|clinic|surg\w*|patients?|hospitals?|radiolog\w*|"
                        r"laparoscop\w*|endoscop\w*|X-rays?|MRIs?|CT|CT scans?|ultrasound|tumou?rs?|cancers?|EHRs?|"
                        r"patholog\w*|healthcare|diseases?)\b",
            r"\boperating[- ]rooms?\b"),
    # ... and a scan of the body, a kind of medical picture a paper names when it works on one: a surgical video paper is
    # no answer on MRI, CT or ultrasound (a third review of session 44 was answered from SurgiFlowVid twice)
    # (held in a clinical abstract's own words too: "US" and "Doppler" for ultrasound, "screening" for mammography,
    # "imaging", "scans"; with the asked words alone two PubMedQA tune questions abstained)
    make_domain("medical scans", r"\b(?:MRIs?|CT(?:\s+scans?|\s+volumes?)?|ultrasound|X-rays?|PET\s+scans?|histopatholog\w*|"
                             r"mammogra\w*|echocardiogra\w*)\b",
                r"\b(?:imaging|screening|Doppler|sonograph\w*|radiograph\w*|radiolog\w*|scans?|scanned|tomograph\w*|"
                r"magnetic resonance)\b|(?-i:\bUS\b)", synonyms=True),
    make_domain("3D", r"\b3D\b|\bpoint[- ]clouds?\b|\bmesh(?:es)?\b|\bGaussian splat\w*|\bNeRFs?\b|\bradiance fields?\b",
            r"\bstereo\w*|\bdepth\b|\b4D\b|\bmulti-view\b|\bnovel[- ]view\b"),
    make_domain("remote sensing", r"\bremote sensing\b|\bsatellite\w*|\baerial\b"),
    # ("… sign-language videos or translate signing into text for deaf users?" offers no alternative: set BR, session 30)
    make_domain("sign language", r"\bsign languages?\b", r"\bsigning\b|\bdeaf\b|\bsigners?\b"),
    make_domain("handwriting", r"\bhandwrit\w*|\bOCR\b|\boptical character recognition\b"),
    # recommender systems, not an expert's recommendations (a PubMedQA question on clinical practice)
    make_domain("recommendation", r"\brecommender\b|\b(?:[\w-]+-video|video|item|product|news|music|content) "
                              r"recommendation|\brecommendation (?:systems?|models?|tasks?)\b|"
                              r"\bcollaborative filtering\b", r"\brecommend\w*"),
    make_domain("tabular data", r"\btabular\b"),
    make_domain("video", r"\bvideos?\b", r"\bframes?\b|\bclips?\b|\bfootage\b", plainly_said=True),
    # images and vision, as video and language models are: every vision abstract says so in one of these words, and a
    # text-only or theory paper answers no question on vision-language models or image classifiers (dev w5022, ak058)
    # (not "audio-visual", audio with video's: it dropped the paper hearing speakers from audio lists)
    make_domain("vision", r"\bvision(?:-language)?\b|\bVLMs?\b|\bimages?\b|\bimage classifiers?\b|(?<!audio-)\bvisual\b|\bpixels?\b",
            r"\bvideos?\b|\bframes?\b|\bclips?\b|\bfootage\b|\bMLLMs?\b|\bmultimodal\b|\bscenes?\b|\bpoint clouds?\b|"
            r"\b3D\b|\bsegment\w*|\bphotos?\b|\bcamera\w*|\bLLaVA\w*|\bInternVL\w*|\bCLIP\b|\bViTs?\b|\bImageNet\b|"
            r"\bCIFAR\w*|\bgaussian splat\w*|\bvisual\w*|\bvision\w*|\bspatial\w*|"
            # ... and medicine's images, named by how they are taken (PubMedQA, SciFact)
            r"\bimaging\b|\bMRI\b|\bCT\b|\bscans?\b|\bultraso\w*|\bradiogra\w*|\bX-rays?\b|\bendoscop\w*|\bmicroscop\w*|"
            r"\bphotograph\w*|\bangiogra\w*|\bmammogra\w*|\btomogra\w*|\bsonogra\w*|\bfundus\b|\bretinal\b|\bhistolog\w*|"
            r"\bpictor\w*|\bpictures?\b|\bfac(?:e|es|ial)\b|\bsight\w*|\bperceptual\b|\bview\w*|\beyes?\b|\beye-\w+|"
            r"\bgaze\b|\bocul\w*|\bophthalm\w*",
            plainly_said=True),
    # video generation, not the video understanding most of the collection does: "Which ICLR papers are about
    # generating videos?" listed a video LLM, a captioning benchmark and a video QA paper (read set BB, bb037);
    # generating a video's captions or answers is no video generated; "generating video" in the singular too (read set
    # BL, bl036)
    make_domain("video generation", r"\bvideo generat(?:ion|ors?|ive models?)\b|\bgenerat(?:e|es|ed|ing) (?:new |long |realistic )?"
                                rf"videos?\b(?![ -]{_OF_VIDEO})|\btext-to-video\b|\bvideo synthesis\b|\bvideo diffusion models?\b|"
                                r"\bvideo editing\b|\bedit(?:s|ing)? (?:a |the )?videos?\b",
            rf"\bvideo generat\w*|\bgenerat\w* (?:(?!{_OF_VIDEO})\w+ ){{0,3}}?(?:videos?|clips|footage)\b(?![ -]{_OF_VIDEO})|"
            r"\b(?:text|image)-to-video\b|\bvideo (?:synthesis|diffusion|editing|inpainting|super-resolution)\b|"
            r"\bsynthes\w* (?:\w+ ){0,3}?(?:videos?|clips|footage)\b|\bvideo (?:\w+ )?(?:GANs?|generative adversarial)\b"),
    # 4D: a scene in motion, not the static 3D of most 3D papers ("4D Gaussian splatting": dev ak060, av058)
    make_domain("4D", r"\b4D\b|\bdynamic (?:3D )?(?:scenes?|point clouds?)\b",
            r"\bdynamic (?:3D )?(?:scenes?|point clouds?|reconstructions?|objects?|humans?|geometry)\b|"
            r"\bspatio-?temporal (?:3D|point clouds?|scenes?|reconstructions?|Gaussians?)\b"),
    # text alone, as a question sets it against the collection's video and image work ("KV cache compression for plain
    # text LLM serving" was answered from two video papers: read set BD): an abstract on it never names pictures; a
    # question naming them as well compares the two ("video generators and text-only LLMs … which learned faster?")
    # (the abstract is held to its pictures alone: one saying "unlike text-only LLMs" is still a video paper)
    Domain("text only", re.compile(hyphen_or_space(r"\btext-only\b|\bplain text\b|\bpure(?:ly)? text(?:ual)?\b|"
                                                    r"\btext LLMs?\b|\btextual LLMs?\b"), re.I),
           re.compile(rf"\A(?![\s\S]*{_PICTURES})", re.I), plainly_said=True, unless=re.compile(_PICTURES, re.I)),
    make_domain("language models", r"\b(?:M|Video-?|Vid)?LLMs?\b|\bVLMs?\b|\bLMMs?\b|\blanguage models?\b",
            r"\b[A-Za-z]{0,6}-?LLMs?\b|\blanguage(?: and \w+)? models?\b|\bGPT\w*|\bLLaMA\w*|\bQwen\w*|\bLLaVA\w*|"
            r"\bInternVL\w*|\bGemini\b|\bvision-language\b|\bchat\w*|\binstruction[- ]tun\w*|\bcontext windows?\b|"
            r"\blong-context\b|\bKV[- ]cache\b|\bpseudo-tokens?\b|\bMamba\b", plainly_said=True),
    # ... and the settings and paradigms a method is bound to, named by terms of their own: a paper that never
    # writes them does not work in them ("speculative decoding for diffusion LLMs", "federated learning across
    # hospitals", "spiking neural networks for streaming video"; the kinds of the issue's and dev's near-topic misses)
    make_domain("speculative decoding", r"\bspeculative decoding\b|\bdraft models?\b", r"\bspeculative\b|\bdraft\b",
            synonyms=True),
    make_domain("federated learning", r"\bfederated\b", synonyms=True),
    # ... fluid and laboratory physics ("anomalies in footage of physical experiments, for instance irregular turbulence in
    # wind-tunnel films": read set EI, ei058 listed the video anomaly papers)
    # ... statistical tools and tracking no paper uses ("Gaussian process model for anomaly detection in videos", "conformal
    # prediction sets for video QA", "Kalman filtering for multi-object tracking in videos": second review qq of session 47,
    # each answered from the paper on the rest of the question)
    make_domain("Gaussian processes", r"\bGaussian[- ]process(?:es)?\b", synonyms=True),
    make_domain("conformal prediction", r"\bconformal\b", synonyms=True),
    make_domain("object tracking", r"\b(?:multi-?)?object[- ]tracking\b|\bMOT\b|\btracking\s+(?:multiple\s+)?(?:objects|people|pedestrians)\b",
                r"\btrack(?:s|ed|ing|er|ers)?\b"),
    make_domain("experimental physics", r"\bturbulen\w*|\bwind[- ]tunnels?\b|\bfluid (?:dynamics|mechanics)\b|"
                r"\bphysic(?:s|al) experiments?\b|\bparticle physics\b"),
    # ... unlearning, world models and light fields: dev's near-topic misses of session 20 (w035, w905, al014)
    make_domain("machine unlearning", r"\b(?:machine )?unlearning\b", r"\bforget\w*|\berase\w*", synonyms=True),
    make_domain("world models", r"\bworld models?\b|\bmodel-based (?:RL|reinforcement learning)\b",
            r"\bdynamics models?\b|\bmodel-based\b"),
    make_domain("light fields", r"\blight[- ]fields?\b", synonyms=True),
    # ... and read set BF's (bf052, bf060; dev ax061 asked the second too): thermal cameras, and control by policy
    # gradients (or any RL control: Q-learning, actor-critic), which the video papers' reward-tuned models (RL, GRPO) hold
    make_domain("thermal imaging", r"\bthermal\b|\binfra-?red\b|\bnight[- ]vision\b|\bFLIR\b", synonyms=True),
    make_domain("RL control", r"\bpolicy[- ]gradients?\b|\bactor[- ]critic\b|\bQ-learning\b|\bPPO\b|\bMDPs?\b|"
            r"\bMarkov decision process\w*", r"\breinforcement learning\b|\bRL\b|\bGRPO\b|\bpolic(?:y|ies)\b|\brewards?\b"),
    # (with the event cameras they are built for: "event cameras or spiking/neuromorphic hardware", fresh set EB, eb057
    # listed SPIKE, a paper on surprise)
    make_domain("spiking networks", r"\bspiking\b|\bSNNs?\b|\bneuromorphic\b|\bevent[- ](?:cameras?|based (?:vision|sensors?|cameras?))\b",
                r"\bneuromorphic\b", synonyms=True),
    make_domain("GANs", r"\bGANs?\b|\bgenerative adversarial\b", r"\badversarial\b", synonyms=True),
    # a dataset distilled, not a model: knowledge distillation's "distill" is no dataset condensed (dev w036, b418)
    make_domain("dataset distillation", r"\bdataset (?:distillation|condensation)\b",
            r"\bcondens\w*|\bdistill\w* (?:the |a |its )?(?:training )?(?:data|dataset|set)\b|\bsynthetic (?:training )?"
            r"(?:images|sets?|data|samples)\b", synonyms=True),
    make_domain("privacy attacks", r"\bmembership inference\b|\bprivacy attacks?\b|\bmodel inversion\b",
            r"\bprivacy\b|\battacks?\b|\bmembership\b"),
    make_domain("preference tuning", r"\bRLHF\b|\bDPO\b|\bpreference optimi[sz]ation\b|\bhuman (?:feedback|preferences?)\b|"
                                 r"\bpreference (?:tuning|alignment|fine-tuning)\b|\breward (?:models?|fine-tun\w*)\b",
            r"\bpreference\w*|\bfeedback\b|\brewards?\b|\breinforcement\b|\bRL\b|\bGRPO\b"),
    # ... "mobile hardware", a laptop's CPU (read set CD, an inference engineer's: cd053, cd056)
    make_domain("on-device", r"\bon-device\b|\bmobile (?:phones?|devices?|hardware|GPUs?|chips?|platforms?)\b|\bsmartphones?\b|"
                         r"\bandroid\b|\biphones?\b|\blaptops?\b|\bApple[- ]silicon\b|\bCPU (?:inference|only)\b|"
                         r"\bedge (?:devices?|hardware)\b|\bmicrocontrollers?\b|"
                         r"\bon (?:a |the |their |your |my )?(?:mobile )?phones?\b(?![- ](?:calls?|conversations?|lines?|numbers?|record\w*))",
            r"\bdevices?\b|\bmobile\b|\bedge\b|\bphones?\b"),
    make_domain("privacy", r"\bprivacy\b", r"\bpriva\w*|\banonymi[sz]\w*"),
    make_domain("jailbreaks", r"\bjailbreak\w*", r"\bsafety\b|\bharmful\b|\battacks?\b|\bred[- ]teaming\b"),
    # diffusion LLMs, not the diffusion models of images and video most of the collection studies (fresh set U:
    # "KV cache compression for diffusion language models" answered from a video-diffusion paper)
    # ... "diffusion-based language models" too (read set BF, bf075: answered from a video diffusion paper)
    make_domain("diffusion language models", r"\bdiffusion(?:-based)? (?:large )?language models?\b|\bdiffusion(?:-based)? LLMs?\b|"
                                         r"\bdLLMs?\b|"
                                         r"\bmasked diffusion (?:language )?models?\b|\btext diffusion models?\b|"
                                         r"\bgenerat\w* text (?:with|via|by|using) diffusion\b",
            synonyms=True),
    make_domain("retrieval augmentation", r"\bretrieval-augmented\b|\bRAG\b", r"\bretriev\w*"),
    # filling in what is missing from a picture or video ("uses reinforcement learning to train a video inpainting model"
    # was answered from the RL papers: a second review of session 44)
    make_domain("inpainting", r"\binpaint\w*", r"\bfill\w* in (?:the )?(?:missing|masked|holes?)\b", synonyms=True),
    # cleaning up degraded footage: dark, noisy, blurred ("low-light video enhancement or video denoising" was answered
    # from diffusion papers that "denoise" while generating: read set EE, ee061); not a generator's denoising steps
    make_domain("low-level restoration", r"\blow[- ]light\b|\b(?:video|image|photo|frame)s? (?:denois\w*|deblur\w*|deraining|"
                r"dehaz\w*)|\b(?:deblur\w*|derain\w*|dehaz\w*)\b|\bdenois\w* (?:of )?(?:noisy |real-world )?"
                r"(?:videos?|images?|footage|photos?)\b(?! (?:frames|latents?|tokens|diffusion|generat\w*))",
                r"\bnoisy (?:videos?|images?|frames|footage|photos?)\b|\bnoise removal\b|\bdark (?:videos?|scenes?|frames|footage)\b|"
                r"\bblurr(?:y|ed)\b|\bnight-?time\b", synonyms=True,
                unless=r"\bdiffusion\b|\bgenerat\w*|\bsampling\b|\bsteps\b"),
)

# ... and the tasks and method families of machine learning at large (task_words.py)
DOMAINS = (*_DATA_DOMAINS, *TASK_DOMAINS)
